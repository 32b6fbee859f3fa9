// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXAMPLES_NEEDED as ROTATOR_ASKS } from '@/islands/rotator';
import { EXAMPLES_NEEDED, initStyleGallery } from '@/islands/style-gallery';

/** The gallery as StyleGallery.astro renders it: the first style's examples in the HTML, the second's not. */
function render(): void {
  document.body.innerHTML = `
    <section id="examples" data-examples-url="/examples/us.json">
      <div role="tablist" data-style-tabs>
        <button role="tab" id="t-generic" aria-controls="p-generic" aria-selected="true">General</button>
        <button role="tab" id="t-doctor" aria-controls="p-doctor" aria-selected="false">Healthcare</button>
      </div>
      <div role="tabpanel" id="p-generic"><ul data-style-examples="generic"><li class="w-36"><img src="/g1.webp" alt="generic" width="416" height="608" loading="lazy"></li></ul></div>
      <div role="tabpanel" id="p-doctor" hidden><ul data-style-examples="doctor"></ul></div>
    </section>`;
}

const examples = {
  generic: [{ src: '/g1.webp', alt: 'generic', width: 416, height: 608 }],
  doctor: [
    { src: '/d1.webp', alt: 'A doctor in a white coat', width: 832, height: 1216 },
    { src: '/d2.webp', alt: 'A doctor in scrubs', width: 832, height: 1216 },
  ],
};

function stubFetch(status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(examples), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const doctorImages = () => Array.from(document.querySelectorAll<HTMLImageElement>('[data-style-examples="doctor"] img'));

describe('[site] the style gallery loads the other styles’ examples when they are wanted', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills a style’s list when its tab opens, drawn like the first list, and asks once', async () => {
    render();
    const fetchMock = stubFetch();
    initStyleGallery();
    expect(fetchMock).not.toHaveBeenCalled();
    document.getElementById('t-doctor')!.click();
    expect(document.getElementById('p-doctor')!.hidden).toBe(false);
    await vi.waitFor(() => expect(doctorImages()).toHaveLength(2));
    expect(doctorImages().map((img) => [img.getAttribute('src'), img.alt, img.width, img.getAttribute('loading')])).toEqual([
      ['/d1.webp', 'A doctor in a white coat', 832, 'lazy'],
      ['/d2.webp', 'A doctor in scrubs', 832, 'lazy'],
    ]);
    expect(document.querySelector('[data-style-examples="doctor"] li')!.className).toBe('w-36');
    document.getElementById('t-generic')!.click();
    document.getElementById('t-doctor')!.click();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/examples/us.json');
    expect(document.querySelectorAll('[data-style-examples="generic"] img')).toHaveLength(1);
  });

  it('loads them when the rotator asks, with the event both use', async () => {
    expect(ROTATOR_ASKS).toBe(EXAMPLES_NEEDED);
    render();
    stubFetch();
    initStyleGallery();
    document.dispatchEvent(new Event(ROTATOR_ASKS));
    await vi.waitFor(() => expect(doctorImages()).toHaveLength(2));
  });

  it('asks again at the next occasion when the request failed', async () => {
    render();
    const fetchMock = stubFetch(503);
    initStyleGallery();
    document.getElementById('t-doctor')!.click();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(doctorImages()).toHaveLength(0);
    stubFetch();
    document.getElementById('t-doctor')!.click();
    await vi.waitFor(() => expect(doctorImages()).toHaveLength(2));
  });
});
