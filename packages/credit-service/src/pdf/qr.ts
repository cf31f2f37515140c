import QRCode from 'qrcode';

/** A QR code of `text` as a PNG (error correction M, a quiet zone of 2 modules), for ReportPdf.qrCode. */
export function qrPng(text: string, widthPx = 240): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: widthPx });
}
