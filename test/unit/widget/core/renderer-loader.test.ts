import { describe, expect, it, vi } from "vitest";
import { chunkUrl, createChunkLoader, createRendererLoader, rendererUrl } from "#widget/core/renderer-loader";
import type { RendererModule } from "#widget/render/types";

const mod = { mountCta: vi.fn() } as unknown as RendererModule;

describe("renderer loader", () => {
  it("imports the bundle under the asset base once and shares the promise", async () => {
    const importer = vi.fn(async () => mod);
    const load = createRendererLoader("http://127.0.0.1:3000/widget/", importer);
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(mod);
    expect(b).toBe(mod);
    await load();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(importer).toHaveBeenCalledWith("http://127.0.0.1:3000/widget/beckon-renderer.js");
    expect(rendererUrl("https://cdn.example/a/b/")).toBe("https://cdn.example/a/b/beckon-renderer.js");
  });

  it("retries once after a failure, resetting the cached promise", async () => {
    const importer = vi.fn().mockRejectedValueOnce(new TypeError("network")).mockResolvedValueOnce(mod);
    const load = createRendererLoader("http://x.test/widget/", importer);
    await expect(load()).resolves.toBe(mod);
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it("gives up after the retry with the console message, and tries afresh on the next call", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const importer = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("a"))
      .mockRejectedValueOnce(new TypeError("b"))
      .mockResolvedValueOnce(mod);
    const load = createRendererLoader("http://x.test/widget/", importer);
    await expect(load()).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith("[beckon] Loading chunk renderer failed");
    await expect(load()).resolves.toBe(mod);
    expect(importer).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it("loads any chunk by name, with the same retry and the chunk's name in the message", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(chunkUrl("panel", "https://cdn.example/widget/")).toBe("https://cdn.example/widget/beckon-panel.js");
    const importer = vi.fn().mockRejectedValue(new TypeError("offline"));
    await expect(createChunkLoader("panel", "http://x.test/widget/", importer)()).resolves.toBeNull();
    expect(importer).toHaveBeenCalledTimes(2);
    expect(importer).toHaveBeenCalledWith("http://x.test/widget/beckon-panel.js");
    expect(warn).toHaveBeenCalledWith("[beckon] Loading chunk panel failed");
    warn.mockRestore();
  });
});
