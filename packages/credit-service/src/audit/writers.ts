/** The credit-service's audit writers: the service's own chains and the review command line's. */
export const CREDIT_SERVICE_WRITER = 'credit-service';

/** The review command line writes a chain of its own: the running service appends to its own, never two writers to one. */
export const REVIEW_CLI_WRITER = 'review-cli';
