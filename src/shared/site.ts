/**
 * The widths of the hero's AVIF copies, made at build time from the content's hero image
 * (src/components/site-content.ts), so each screen fetches the width it shows: 1x desktops take 640,
 * 2x phones 828, 3x phones 1080, 2x tablets and desktops 1200. The site's editable settings (support
 * address, links, images, demo video) are content: src/content/site/settings.yaml.
 */
export const HERO_WIDTHS = [640, 828, 1080, 1200] as const;
/** The hero's width in the layout: half the 72rem container beside the text from lg, else the column up to 36rem. */
export const HERO_SIZES = '(min-width: 1024px) min(calc(50vw - 40px), 536px), min(calc(100vw - 32px), 576px)';

/** Where the beta page's Start Now button goes. */
export const BETA_ORDER_PATH = '/dashboard/newOrder?type=beta';

/** The year the company was founded (the About page's story). */
export const FOUNDED_YEAR = 2025;
