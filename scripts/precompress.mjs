// Writes a Brotli (quality 11) and a gzip (level 9) copy beside every text file of the client
// build (build/client: the hashed assets and the public files), for server/app.ts to send by the
// browser's Accept-Encoding (express-static-gzip) without compressing anything per request.
// A copy that would not save at least a tenth is not written: the file is then sent as it is.
// Run after `react-router build` by scripts/build-if-changed.mjs and the test setup.
// By hand rather than vite-plugin-compression2: that plugin runs in every Vite environment (the
// server bundle too) and patches process.stdout; this is the one loop the build needs.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

const TEXT = /\.(js|mjs|css|html|json|webmanifest|svg|txt|xml|map)$/;
/** below this a compressed copy saves less than a network packet */
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export async function precompress(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && TEXT.test(e.name)).map((e) => path.join(e.parentPath ?? e.path, e.name));
  let before = 0;
  let after = 0;
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      if (bytes.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gzip(bytes, { level: 9 }),
      ]);
      if (br.length > bytes.length * 0.9) return;
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      before += bytes.length;
      after += br.length;
    }),
  );
  return { before, after };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? "build/client");
  const { before, after } = await precompress(dir);
  console.log(
    `precompressed ${path.relative(process.cwd(), dir) || "."}: ${(before / 1024).toFixed(0)} KB of text files, ${(after / 1024).toFixed(0)} KB as Brotli`,
  );
}
