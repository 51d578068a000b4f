import { describe, expect, it } from "vitest";
import { parseNewsVideo } from "./news.ts";

describe("parseNewsVideo", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["http://youtube.com/watch?feature=share&v=dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://music.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://www.youtube.com/live/dQw4w9WgXcQ?si=x", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["  www.youtube.com/watch?v=dQw4w9WgXcQ  ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["https://vimeo.com/76979871", "https://vimeo.com/76979871"],
    ["https://vimeo.com/76979871/abcdef1234", "https://vimeo.com/76979871/abcdef1234"],
    ["https://vimeo.com/channels/staffpicks/76979871", "https://vimeo.com/76979871"],
    ["https://player.vimeo.com/video/76979871?h=abcdef1234", "https://vimeo.com/76979871/abcdef1234"],
  ])("reads %s as %s", (link, canonical) => {
    expect(parseNewsVideo(link)?.url).toBe(canonical);
    // The canonical form reads back to itself.
    expect(parseNewsVideo(canonical)?.url).toBe(canonical);
  });

  it.each([
    "",
    "https://example.com/watch?v=dQw4w9WgXcQ",
    "https://notyoutube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=dQw4w9WgXc",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ<",
    "https://www.youtube.com/watch",
    "https://www.youtube.com/@someone",
    "https://youtu.be/dQw4w9WgXcQ/extra",
    "https://vimeo.com/76979871/not-a-hash!",
    "https://vimeo.com/channels/staffpicks",
    "https://player.vimeo.com/video/abc",
    "https://youtube.com:8443/watch?v=dQw4w9WgXcQ",
    "https://a:b@youtube.com/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ",
    "data:text/html,<script>alert(1)</script>",
    "file:///etc/passwd",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ and more",
  ])("refuses %s", (link) => {
    expect(parseNewsVideo(link)).toBeNull();
  });

  it("answers the privacy-friendly players, and nothing else from the video's host", () => {
    expect(parseNewsVideo("https://youtu.be/dQw4w9WgXcQ")).toEqual({
      provider: "youtube",
      id: "dQw4w9WgXcQ",
      url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      embed_url: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    });
    expect(parseNewsVideo("https://vimeo.com/76979871")).toEqual({
      provider: "vimeo",
      id: "76979871",
      url: "https://vimeo.com/76979871",
      embed_url: "https://player.vimeo.com/video/76979871?dnt=1",
    });
  });
});
