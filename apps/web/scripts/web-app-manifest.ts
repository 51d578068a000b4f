import type { ManifestOptions } from "vite-plugin-pwa";

/**
 * The web app manifest (/manifest.webmanifest): what a phone needs to install Ideaport and open it
 * like an app, on the signed-in start page, without the browser's address bar. The icons are
 * drawn from public/favicon.svg (public/icons/); the maskable one keeps the bulb inside the
 * central safe zone, so any mask shape leaves it whole.
 */
export const webAppManifest: Partial<ManifestOptions> = {
  id: "/app",
  name: "Ideaport",
  short_name: "Ideaport",
  description: "Share ideas, answer innovation challenges and turn the best into action.",
  start_url: "/app",
  scope: "/",
  display: "standalone",
  theme_color: "#4361ee",
  background_color: "#ffffff",
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};
