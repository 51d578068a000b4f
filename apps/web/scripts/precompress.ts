import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files the server sends compressed; source maps are left out (only developer tools fetch them). */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes the brotli and gzip copies of one file, each only when it is smaller than the file. */
export async function writeCompressedCopies(file: string): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
}

/**
 * Writes a brotli (`.br`, best quality) and a gzip (`.gz`, level 9) copy beside every text file of
 * the build, once, so that the server sends them as they are instead of compressing per request.
 * A copy that would not be smaller than its file is not written.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "ideaport:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => TEXT_FILE.test(file));
      await Promise.all(files.map(writeCompressedCopies));
    },
  };
}
