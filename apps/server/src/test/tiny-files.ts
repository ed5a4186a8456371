import { crc32, deflateSync } from 'node:zlib';

// Tiny files for upload tests, made here (sandbox.md: no binary fixtures). Node built-ins
// only, so the browser journeys in e2e/ can import this module too.

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A valid 1×1 grey PNG. */
export function pngFile(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8); // bit depth; colour type 0 (grey), the rest 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a JPEG (start of image, a JFIF header) and its end: enough to be told by content. */
export function jpegFile(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
  ]);
}

/** A PDF of exactly `size` bytes (at least 32): a header, a comment to fill, the trailer. */
export function pdfFile(size = 1024): Buffer {
  const head = Buffer.from('%PDF-1.4\n%', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  const filler = Buffer.alloc(size - head.length - tail.length, 'x');
  return Buffer.concat([head, filler, tail]);
}
