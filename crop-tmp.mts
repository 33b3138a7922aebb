import sharp from 'sharp';
const [f, top, h, o] = process.argv.slice(2);
await sharp(f).extract({ left: 0, top: Number(top), width: (await sharp(f).metadata()).width!, height: Number(h) }).toFile(o);
