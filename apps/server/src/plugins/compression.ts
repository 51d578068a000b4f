import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** JSON answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const JSON_COMPRESSION_THRESHOLD_BYTES = 1024;

/** JSON and JSON-suffixed types (problem+json, csp-report answers); never event streams. */
const COMPRESSIBLE_TYPES = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Compresses JSON answers above the threshold with brotli or gzip, as the client accepts. The web
 * app's files are not compressed here: they are compressed once at build time and served as such
 * by the web-app plugin. Server-sent events and other streams stay as they are, and request
 * bodies are not inflated (the body limit keeps meaning what it says).
 */
export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      encodings: ["br", "gzip"],
      threshold: JSON_COMPRESSION_THRESHOLD_BYTES,
      customTypes: COMPRESSIBLE_TYPES,
      globalDecompression: false,
    });
  },
  { name: "compression" },
);
