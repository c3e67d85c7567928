/**
 * The video export in the browser, on the shipped sample replay: a 3-second 720p 30 fps export downloads a
 * file that decodes (read back in the browser with Mediabunny: its duration, frame count and frame size) and
 * whose first and last frames differ; the player is left where it was; a cancelled export downloads
 * nothing; a frame mid-shot holds the dice label; a browser without H.264 gets WebM/VP9, and is told.
 * The export's speed (frames per second with this machine's software rendering) is written to
 * test-results/video-export-speed.json.
 */
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Download } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { type AppPage, openApp } from "./browser";

/** Software rendering on a shared 2-core machine takes about 2 s a 720p frame: 90 frames take minutes. */
const FILMING_MS = 480_000;
const MEDIABUNNY = "node_modules/mediabunny/dist/bundles/mediabunny.min.mjs";

let app: AppPage;
const downloads: Download[] = [];
beforeAll(async () => {
  app = await openApp(undefined, { search: "?replay=/replays/sample.json" });
  app.page.on("download", (d) => downloads.push(d));
  await app.page.getByTestId("replay-bar").waitFor({ timeout: 90_000 });
}, 240_000);
afterAll(() => app?.close());

const player = () =>
  app.page.evaluate(() => ({
    time: window.__hulldown!.replay.getState().time,
    playing: window.__hulldown!.replay.getState().playing,
    cursor: window.__hulldown!.game.getState().log.cursor,
  }));
/** The table's drawing buffer against its size on the page: the export must give the renderer back. */
const canvasSize = () =>
  app.page.evaluate(() => {
    const c = document.querySelector("canvas")!;
    return { buffer: [c.width, c.height], shown: [Math.round(c.clientWidth * devicePixelRatio), Math.round(c.clientHeight * devicePixelRatio)] };
  });

interface Decoded {
  readonly duration: number;
  readonly frames: number;
  readonly width: number;
  readonly height: number;
  readonly codec: string | null;
  /** Mean absolute difference of the first and last frames' RGB, 0–255. */
  readonly difference: number;
  readonly firstPng: string;
  readonly lastPng: string;
}

/** Decodes a video in the browser with Mediabunny, loaded from its own bundle: the app ships no decoder. */
async function decodeInBrowser(bytes: Buffer): Promise<Decoded> {
  const library = await readFile(MEDIABUNNY, "utf8");
  // A page of its own (at the app's origin, a secure context for WebCodecs), so the app's page never holds a
  // second copy of Mediabunny.
  const page = await app.page.context().newPage();
  onTestFinished(() => page.close());
  await page.goto(new URL("replays/sample.json", inject("appUrl")).href);
  return page.evaluate(
    async ({ library, base64 }) => {
      const url = URL.createObjectURL(new Blob([library], { type: "text/javascript" }));
      // A page-side import, out of reach of the test runner's own transform of `import(`.
      const load = new Function("url", "return import(url)") as (url: string) => Promise<typeof import("mediabunny")>;
      const { Input, BufferSource, ALL_FORMATS, VideoSampleSink } = await load(url);
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const input = new Input({ source: new BufferSource(data), formats: ALL_FORMATS });
      const track = await input.getPrimaryVideoTrack();
      if (!track) throw new Error("the export has no video track");
      const duration = await input.computeDuration();
      const pixels: Uint8ClampedArray[] = [];
      const pngs: string[] = [];
      let frames = 0;
      const grab = (sample: { draw(c: CanvasRenderingContext2D, x: number, y: number): void }) => {
        const canvas = document.createElement("canvas");
        canvas.width = track.displayWidth;
        canvas.height = track.displayHeight;
        const context = canvas.getContext("2d")!;
        sample.draw(context, 0, 0);
        return { data: context.getImageData(0, 0, canvas.width, canvas.height).data, png: canvas.toDataURL("image/png") };
      };
      let last: { data: Uint8ClampedArray; png: string } | undefined;
      for await (const sample of new VideoSampleSink(track).samples()) {
        if (frames === 0) {
          const first = grab(sample);
          pixels.push(first.data);
          pngs.push(first.png);
        }
        frames++;
        last = grab(sample);
        sample.close();
      }
      pixels.push(last!.data);
      pngs.push(last!.png);
      let sum = 0;
      for (let i = 0; i < pixels[0]!.length; i += 4) for (let c = 0; c < 3; c++) sum += Math.abs(pixels[0]![i + c]! - pixels[1]![i + c]!);
      return {
        duration,
        frames,
        width: track.displayWidth,
        height: track.displayHeight,
        codec: track.codec,
        difference: sum / ((pixels[0]!.length / 4) * 3),
        firstPng: pngs[0]!,
        lastPng: pngs[1]!,
      };
    },
    { library, base64: bytes.toString("base64") },
  );
}

/** A download's bytes (the browser is remote: the file is saved here, read, and removed). */
async function downloadedBytes(file: Download): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), "hulldown-video-"));
  try {
    const saved = join(folder, file.suggestedFilename());
    await file.saveAs(saved);
    return await readFile(saved);
  } finally {
    await rm(folder, { recursive: true });
  }
}

const savePng = async (dataUrl: string, name: string) => {
  await mkdir("test-results/screenshots", { recursive: true });
  await writeFile(`test-results/screenshots/${name}.png`, Buffer.from(dataUrl.split(",")[1]!, "base64"));
};

/** The shots of the sample replay, by event index. */
const SHOTS = (JSON.parse(readFileSync("public/replays/sample.json", "utf8")) as { events: Array<{ type: string }> }).events.flatMap((e, i) =>
  e.type === "fire-resolved" ? [i] : [],
);

/**
 * One frame of a video as the stage films it, at `progress` through event `event`: its PNG and how many of
 * its pixels have the dice label's colour (.label-neutral, #ffe27a).
 */
function filmFrame(event: number, progress: number): Promise<{ png: string; labelPixels: number }> {
  return app.page.evaluate(
    async ({ event, progress }) => {
      const { replay, video } = window.__hulldown!;
      const timeline = replay.getState().replay!.timeline;
      const at = timeline.starts[event]! + timeline.durations[event]! * progress;
      const stage = video.getState().stage!;
      video.getState().setFilming(true);
      const picture = stage.begin(1280, 720);
      try {
        replay.getState().seek(at);
        await stage.draw(at);
        const data = picture.getContext("2d")!.getImageData(0, 0, picture.width, picture.height).data;
        let labelPixels = 0;
        for (let i = 0; i < data.length; i += 4)
          if (Math.abs(data[i]! - 255) < 8 && Math.abs(data[i + 1]! - 226) < 8 && Math.abs(data[i + 2]! - 122) < 8) labelPixels++;
        return { png: picture.toDataURL("image/png"), labelPixels };
      } finally {
        stage.end();
        video.getState().setFilming(false);
        replay.getState().seek(0);
      }
    },
    { event, progress },
  );
}

describe("the video export", () => {
  it("films what the player shows, labels included: a shot's dice pop up in the frame once the dice phase begins", async () => {
    const shot = SHOTS[0]!;
    const before = await filmFrame(shot, 0.1);
    const during = await filmFrame(shot, 0.6);
    await savePng(before.png, "video-frame-shot-aiming");
    await savePng(during.png, "video-frame-shot-dice");
    expect(before.labelPixels).toBeLessThan(30);
    expect(during.labelPixels).toBeGreaterThan(300);
    const size = await canvasSize();
    expect(size.buffer).toEqual(size.shown);
  });

  it("falls back to WebM/VP9 where the browser cannot encode H.264, and says so", async () => {
    // A page of its own: Mediabunny remembers what the browser can encode for as long as the page lives.
    const own = await openApp(undefined, { search: "?replay=/replays/sample.json" });
    onTestFinished(() => own.close());
    const page = own.page;
    const saved: Download[] = [];
    page.on("download", (d) => saved.push(d));
    await page.getByTestId("replay-bar").waitFor({ timeout: 90_000 });
    // This chromium can encode H.264: make it answer as one that cannot.
    await page.evaluate(() => {
      const original = VideoEncoder.isConfigSupported;
      VideoEncoder.isConfigSupported = (config) =>
        config.codec.startsWith("avc") ? Promise.resolve({ supported: false, config }) : original.call(VideoEncoder, config);
    });
    await page.getByTestId("replay-video").click();
    await page.getByTestId("video-seconds").fill("0.2");
    await expect
      .poll(() => page.getByTestId("video-summary").textContent(), { timeout: 20_000 })
      .toMatch(/^6 frames, 0\.2 s of video.*encoded as WebM · VP9 \(this browser cannot encode H\.264\)/);
    await page.getByTestId("video-start").click();
    await page.getByTestId("video-done").waitFor({ timeout: 120_000 });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.suggestedFilename()).toMatch(/-720p30\.webm$/);
    const decoded = await decodeInBrowser(await downloadedBytes(saved[0]!));
    expect(decoded).toMatchObject({ codec: "vp9", frames: 6, width: 1280, height: 720 });
    expect(decoded.duration).toBeCloseTo(0.2, 1);
    expect(own.errors).toEqual([]);
  }, 240_000);

  it(
    "exports 3 seconds of the sample replay as a video that decodes to 90 frames of 1280×720 whose first and last frames differ",
    async () => {
      const page = app.page;
      const before = await player();
      await page.getByTestId("replay-video").click();
      await page.getByTestId("video-size").selectOption("720p");
      await page.getByTestId("video-fps").selectOption("30");
      await page.getByTestId("video-span").selectOption("whole");
      await page.getByTestId("video-seconds").fill("3");
      await expect
        .poll(() => page.getByTestId("video-summary").textContent(), { timeout: 20_000 })
        .toMatch(/^90 frames, 3\.0 s of video.*encoded as (MP4 · H\.264|WebM · VP9)/);
      const summary = (await page.getByTestId("video-summary").textContent())!;
      const downloaded = downloads.length;
      const started = performance.now();
      await page.getByTestId("video-start").click();
      await page.getByTestId("video-progress").waitFor({ timeout: 30_000 });
      await app.screenshot("video-export-progress");
      await page.getByTestId("video-done").waitFor({ timeout: FILMING_MS });
      const wallSeconds = (performance.now() - started) / 1000;
      await app.screenshot("video-export-done");
      expect(downloads).toHaveLength(downloaded + 1);
      const file = downloads.at(-1)!;
      const mp4 = summary.includes("MP4");
      expect(file.suggestedFilename()).toMatch(mp4 ? /-720p30\.mp4$/ : /-720p30\.webm$/);
      const bytes = await downloadedBytes(file);

      const decoded = await decodeInBrowser(bytes);
      await savePng(decoded.firstPng, "video-first-frame");
      await savePng(decoded.lastPng, "video-last-frame");
      expect(decoded.codec).toBe(mp4 ? "avc" : "vp9");
      expect(decoded.width).toBe(1280);
      expect(decoded.height).toBe(720);
      expect(decoded.frames).toBe(90);
      expect(decoded.duration).toBeGreaterThan(2.95);
      expect(decoded.duration).toBeLessThan(3.05);
      // The models glide in the first event: the last frame is not the first.
      expect(decoded.difference).toBeGreaterThan(0.5);

      // The player is as it was: same time, paused, the renderer back at the page's size.
      expect(await player()).toEqual(before);
      const size = await canvasSize();
      expect(size.buffer).toEqual(size.shown);

      const framesPerSecond = Number(await page.getByTestId("video-done").getAttribute("data-fps"));
      expect(framesPerSecond).toBeGreaterThan(0);
      await mkdir("test-results", { recursive: true });
      await writeFile(
        "test-results/video-export-speed.json",
        JSON.stringify(
          {
            size: "1280x720",
            fps: 30,
            frames: 90,
            encoding: mp4 ? "mp4/avc" : "webm/vp9",
            bytes: bytes.length,
            framesPerSecond,
            wallSecondsWithDialog: wallSeconds,
            renderer: "chromium, software (SwiftShader)",
            measuredAt: new Date().toISOString(),
          },
          null,
          2,
        ),
      );
      expect(app.errors).toEqual([]);
    },
    FILMING_MS + 120_000,
  );

  it("cancelled midway, saves nothing and leaves the player where it was", async () => {
    const page = app.page;
    await page.evaluate(() => window.__hulldown!.replay.getState().seekEvent(4));
    const before = await player();
    const downloaded = downloads.length;
    await page.getByTestId("video-seconds").fill("");
    await page.getByTestId("video-span").selectOption("from-current");
    await page.getByTestId("video-start").click();
    await expect.poll(async () => Number((await page.getByTestId("video-progress").getAttribute("value")) ?? 0), { timeout: 60_000 }).toBeGreaterThanOrEqual(5);
    await page.getByTestId("video-cancel").click();
    await page.getByTestId("video-cancelled").waitFor({ timeout: 30_000 });
    await app.screenshot("video-export-cancelled");
    // Give a download every chance to arrive: none may.
    await page.waitForTimeout(1500);
    expect(downloads).toHaveLength(downloaded);
    expect(await player()).toEqual(before);
    const size = await canvasSize();
    expect(size.buffer).toEqual(size.shown);
    expect(app.errors).toEqual([]);
  });
});
