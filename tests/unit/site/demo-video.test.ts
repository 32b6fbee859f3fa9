// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initDemoVideo } from '@/islands/demo-video';

/** The markup DemoVideo.astro renders when the content sets a demo video. */
function render(): void {
  document.body.innerHTML = `
    <section id="demo">
      <div data-demo>
        <video controls poster="/poster.avif"><source src="/videos/demo.mp4" type="video/mp4"></video>
        <button type="button" data-demo-play hidden><span>Play the demo video</span></button>
      </div>
      <p data-demo-unavailable hidden role="status">The demo video isn't available right now.</p>
    </section>`;
}

const play = () => document.querySelector<HTMLButtonElement>('[data-demo-play]')!;
const video = () => document.querySelector('video')!;
const unavailable = () => document.querySelector<HTMLElement>('[data-demo-unavailable]')!;

describe('[site] the demo video player', () => {
  beforeEach(() => {
    render();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  });

  it('shows a play button over the poster that starts the video and gets out of the way', () => {
    initDemoVideo();
    expect(play().hidden).toBe(false);
    play().click();
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledOnce();
    expect(play().hidden).toBe(true);
    expect(unavailable().hidden).toBe(true);
  });

  it('says plainly that the video is unavailable when its file cannot load, instead of spinning', () => {
    initDemoVideo();
    play().click();
    video().querySelector('source')!.dispatchEvent(new Event('error'));
    expect(unavailable().hidden).toBe(false);
    expect(video().hasAttribute('controls')).toBe(false);
    expect(play().hidden).toBe(true);
  });

  it('shows the play button again when the visitor pauses a video that plays', () => {
    initDemoVideo();
    video().dispatchEvent(new Event('play'));
    expect(play().hidden).toBe(true);
    video().dispatchEvent(new Event('pause'));
    expect(play().hidden).toBe(false);
  });
});
