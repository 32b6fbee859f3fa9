import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon } from 'lucide-react';
import { ARTWORK_SIZES } from '@/shared/catalog/artwork';
import type { Category } from '@/shared/catalog/categories';

/**
 * One portrait category of the New Order grid: a card whose name is the link to its wizard, stretched
 * over the whole card so all of it is clickable. The link's words are the category's name, its
 * accessible name too; description and ribbon describe it.
 */
export function CategoryCard({ category, href }: { category: Category; href: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { width, height } = ARTWORK_SIZES.category;
  return (
    <div
      data-category={category.id}
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-[border-color,box-shadow] hover:border-primary/50 hover:shadow-md has-[a:focus-visible]:border-primary has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring/50"
    >
      <div className="relative overflow-hidden bg-muted">
        <img
          src={category.imageUrl}
          alt=""
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        <span id={`${id}-ribbon`} className="absolute top-3 left-0 rounded-r-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground shadow">
          {t('catalog.oneTime')}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <span className="font-semibold">
          <a href={href} aria-describedby={`${id}-description ${id}-ribbon`} className="outline-none after:absolute after:inset-0 after:content-['']">
            {t(`catalog.categories.${category.id}.name`)}
          </a>
          <ArrowRightIcon
            className="ml-1 inline-block size-4 align-[-2px] text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary motion-reduce:transition-none"
            aria-hidden="true"
          />
        </span>
        <span id={`${id}-description`} className="text-sm text-muted-foreground">
          {t(`catalog.categories.${category.id}.description`)}
        </span>
      </div>
    </div>
  );
}
