/**
 * The demo player: a big play button over the poster starts the video. The section exists only when
 * the content names a video (src/content/site/settings.yaml); if its file still cannot load, the
 * player says so plainly and points at the video channel instead of spinning forever.
 */
export function initDemoVideo(root: Document = document): void {
  const box = root.querySelector<HTMLElement>('[data-demo]');
  const video = box?.querySelector('video');
  const button = box?.querySelector<HTMLButtonElement>('[data-demo-play]');
  const unavailable = root.querySelector<HTMLElement>('[data-demo-unavailable]');
  if (!box || !video || !button) return;

  const showUnavailable = () => {
    button.hidden = true;
    // Native controls over a source that cannot load only spin; the poster and the note stay.
    video.removeAttribute('controls');
    if (unavailable) unavailable.hidden = false;
  };
  // A failing <source> reports on itself, not on the <video>.
  video.querySelector('source')?.addEventListener('error', showUnavailable);
  video.addEventListener('error', showUnavailable);
  video.addEventListener('play', () => (button.hidden = true));
  video.addEventListener('pause', () => (button.hidden = video.ended || !unavailable?.hidden));

  button.hidden = false;
  button.addEventListener('click', () => {
    button.hidden = true;
    video.play().catch(() => {
      /* the source error handler explains; a blocked autoplay leaves the native controls */
    });
    video.focus();
  });
}
