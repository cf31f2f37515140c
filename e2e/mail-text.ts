/**
 * The text of a mail the demo outbox keeps (an .eml as nodemailer wrote it: a single text part,
 * quoted-printable or base64 as nodemailer chose, or plain). For the suites that read a mailed link.
 */
export function mailBodyText(eml: string): string {
  const normalized = eml.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = normalized.slice(0, split);
  const body = normalized.slice(split + 2);
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}
