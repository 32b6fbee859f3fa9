import sharp from 'sharp';
import { selfies } from '../../support/face-photos';

/** A real JPEG of the given size with no face in it (a soft gradient and an ellipse), unique per `seed`. */
export async function makePhoto(seed = 1, width = 900, height = 1200): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},40%,70%)"/><stop offset="1" stop-color="hsl(${hue},40%,35%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <ellipse cx="${width / 2}" cy="${height * 0.4}" rx="${width * 0.2}" ry="${height * 0.18}" fill="#e0b48f"/>
    <rect x="${width * 0.25}" y="${height * 0.62}" width="${width * 0.5}" height="${height * 0.4}" rx="40" fill="#334155"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** `n` different selfies of one person that pass the selfie check (up to 11). */
export function makePhotos(n: number): Promise<Buffer[]> {
  return selfies(n);
}

/** A tiny PNG that claims a huge pixel count: a decompression bomb. */
export async function makePixelBomb(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#000' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A multipart body as the browser builds it: file1..fileN and an `options` JSON string. */
export function checkoutForm(files: { bytes: Buffer; name?: string; type?: string }[], options: unknown) {
  const boundary = `----portrait${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  files.forEach((file, i) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file${i + 1}"; filename="${file.name ?? `selfie-${i + 1}.jpg`}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  });
  const optionsText = typeof options === 'string' ? options : JSON.stringify(options);
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="options"\r\n\r\n${optionsText}\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The uploader's photo-check form: one file in the field `photo`. */
export function photoForm(bytes: Buffer, name = 'selfie.jpg', type = 'image/jpeg') {
  const boundary = `----portrait${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
