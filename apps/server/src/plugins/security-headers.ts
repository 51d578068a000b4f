import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import type { Config } from "../config/env.ts";

/** The only hosts whose players may be framed (YouTube and Vimeo: no other site may be framed). */
export const VIDEO_FRAME_SOURCES = [
  "https://www.youtube.com",
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
];

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=()";

/**
 * The security headers, on every response: frames only from the two video providers, connections
 * only to our own API, a content-security policy, nosniff, strict-origin-when-cross-origin
 * referrers, camera/microphone/geolocation/payment disabled, HSTS for a year with subdomains
 * and preload. Helmet's middleware is made once: @fastify/helmet made it again on every request,
 * parsing the policy each time.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const apiOrigin = new URL(options.config.appUrl).origin;
    const setHelmetHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine and the tour library set element style attributes; no inline scripts are allowed.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // A news video shows a local poster until Play: no image comes from a video host.
          imgSrc: ["'self'", "data:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'", apiOrigin],
          // The service worker (/sw.js) and the web app manifest come from the app's own origin.
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          frameSrc: VIDEO_FRAME_SOURCES,
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(options.config.cspReporting ? { reportUri: [api.cspReport.path] } : {}),
        },
      },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true, preload: true },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      xContentTypeOptions: true,
      // The legacy header must say what frame-ancestors 'none' says: no page may frame this app.
      xFrameOptions: { action: "deny" },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook("onRequest", (request, reply, done) => {
      setHelmetHeaders(request.raw, reply.raw, (error?: unknown) => {
        if (error) return done(error as Error);
        reply.header("Permissions-Policy", PERMISSIONS_POLICY);
        done();
      });
    });
  },
  { name: "security-headers" },
);
