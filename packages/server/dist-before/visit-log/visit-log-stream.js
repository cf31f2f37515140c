/** The append could not be taken: the queue is at its bound. */
export class QueueFullError extends Error {
    constructor() {
        super('visit-log queue is full');
        this.name = 'QueueFullError';
    }
}
/** The append could not be made durable: Redis is unreachable (the intake answers 503, the browser resends). */
export class QueueUnavailableError extends Error {
    constructor() {
        super('visit-log queue is unavailable');
        this.name = 'QueueUnavailableError';
    }
}
/** Parses a stored event; null when the text is not an object. */
export function readEvent(raw) {
    try {
        const value = JSON.parse(raw);
        return typeof value === 'object' && value !== null ? value : null;
    }
    catch {
        return null;
    }
}
//# sourceMappingURL=visit-log-stream.js.map