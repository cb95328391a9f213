import type { ElementProps } from "#widget/render/context";
import { bool, str, useEffect, useRef } from "#widget/render/kit";
import { attachPlayer, embedUrl, loadVideoApi, parseVideo } from "#widget/render/video";

const CSS = `.bk-video{position:relative;padding-top:56.25%}
.bk-video iframe{position:absolute;inset:0;width:100%;height:100%;border:0;border-radius:var(--bk-radius,6px)}`;

/** A YouTube, Vimeo or Wistia video; the provider's script loads on demand and pauses the video when the CTA goes away. */
export default function VideoElement({ element, ctx }: ElementProps) {
  const options = element.options;
  const video = parseVideo(str(options, "url"));
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (!video) return;
    let pause: (() => void) | null = null;
    let live = true;
    void loadVideoApi(video.provider).then((ok) => {
      if (ok && live && frame.current) pause = attachPlayer(video.provider, frame.current, video.id);
    });
    return () => {
      live = false;
      pause?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount-only: video is parsed from the mounted CTA's document, which never changes
  }, []);
  if (!video) return null;
  return (
    <div className="bk-el bk-video">
      <style>{CSS}</style>
      <iframe
        ref={frame}
        src={embedUrl(video, bool(options, "autoplay"))}
        title={ctx.merge(str(options, "title")) || ctx.labels.video}
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        loading="lazy"
      />
    </div>
  );
}
