import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2Icon, SaveIcon } from 'lucide-react';
import { CATEGORIES, findCategory, type Category } from '@/shared/catalog/categories';
import { GENDERS } from '@/shared/catalog/wizard';
import type { TeamAdminView, TeamBrand } from '@/shared/contracts/team';
import { Button } from '@/ui/button';
import { Label } from '@/ui/label';
import { useTeamCall } from './team-call';
import { SELECT_CLASS, TeamSection } from './team-section';

type Mode = 'open' | 'choices' | 'fixed';

/** Every attire of a category, for either gender, each once. */
export function categoryAttires(category: Category): string[] {
  return [...new Set(GENDERS.flatMap((gender) => category.attires[gender].map((a) => a.id)))];
}

const backdrops = (category: Category) => category.backdrops.map((b) => b.id);

/** What the form starts from: the team's brand, or every choice of the first category. */
function initial(brand: TeamBrand | null) {
  const category = (brand && findCategory(brand.category)) || CATEGORIES[0];
  return {
    mode: (brand ? (brand.fixed ? 'fixed' : 'choices') : 'open') as Mode,
    category: category.id as string,
    attire: brand?.attire ?? categoryAttires(category),
    background: brand?.background ?? backdrops(category),
  };
}

function Choices({
  legend,
  name,
  options,
  selected,
  single,
  onChange,
}: {
  legend: string;
  name: string;
  options: { id: string; label: string }[];
  selected: string[];
  single: boolean;
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.id}
            className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input
              type={single ? 'radio' : 'checkbox'}
              name={name}
              value={option.id}
              checked={selected.includes(option.id)}
              onChange={(e) => {
                if (single) onChange([option.id]);
                else onChange(e.target.checked ? [...selected, option.id] : selected.filter((id) => id !== option.id));
              }}
              className="size-4 accent-primary"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The team's look: the category, and the attire and backgrounds members may pick, or one fixed combination. */
export function BrandSection({ team }: { team: TeamAdminView }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(() => initial(team.brand));
  const { busy, run } = useTeamCall();
  const category = findCategory(form.category) ?? CATEGORIES[0];
  const attires = categoryAttires(category);
  const fixed = form.mode === 'fixed';
  // In one fixed look only the first of several ticked answers stays.
  const attire = fixed ? form.attire.filter((id) => attires.includes(id)).slice(0, 1) : form.attire.filter((id) => attires.includes(id));
  const background = fixed
    ? form.background.filter((id) => backdrops(category).includes(id)).slice(0, 1)
    : form.background.filter((id) => backdrops(category).includes(id));
  const ready = form.mode === 'open' || (attire.length > 0 && background.length > 0);
  // A gender none of the chosen attire is for sees every attire of the category instead.
  const uncovered = form.mode === 'open' ? [] : GENDERS.filter((gender) => !category.attires[gender].some((a) => attire.includes(a.id)));

  function save(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    const brand: TeamBrand | null = form.mode === 'open' ? null : { category: category.id, attire, background, fixed };
    void run('teamSetBrand', { teamId: team.id, brand }, t('team.brand.saved'));
  }

  const chooseCategory = (id: string) => {
    const next = findCategory(id) ?? CATEGORIES[0];
    setForm((f) => ({ ...f, category: next.id, attire: categoryAttires(next), background: backdrops(next) }));
  };

  return (
    <TeamSection id="team-brand" title={t('team.brand.title')} description={t('team.brand.description')}>
      <form onSubmit={save} className="space-y-5" noValidate>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('team.brand.mode')}</legend>
          {(['open', 'choices', 'fixed'] as const).map((mode) => (
            <label key={mode} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="brand-mode"
                value={mode}
                checked={form.mode === mode}
                onChange={() => setForm((f) => ({ ...f, mode }))}
                className="mt-0.5 size-4 accent-primary"
              />
              <span>
                <span className="font-medium">{t(`team.brand.modes.${mode}`)}</span>
                <span className="block text-muted-foreground">{t(`team.brand.modes.${mode}Hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {form.mode !== 'open' && (
          <>
            <div className="space-y-1 sm:w-80">
              <Label htmlFor="brand-category">{t('team.brand.category')}</Label>
              <select id="brand-category" className={SELECT_CLASS} value={category.id} onChange={(e) => chooseCategory(e.target.value)}>
                {CATEGORIES.map((c) => (
                  <option key={c.id} value={c.id}>
                    {t(`catalog.categories.${c.id}.name`)}
                  </option>
                ))}
              </select>
            </div>
            <Choices
              legend={fixed ? t('team.brand.attireOne') : t('team.brand.attire')}
              name="brand-attire"
              options={attires.map((id) => ({ id, label: t(`catalog.attires.${id}`) }))}
              selected={attire}
              single={fixed}
              onChange={(next) => setForm((f) => ({ ...f, attire: next }))}
            />
            {uncovered.length > 0 && attire.length > 0 && <p className="text-sm text-muted-foreground">{t(`team.brand.uncovered.${uncovered[0]}`)}</p>}
            <Choices
              legend={fixed ? t('team.brand.backgroundOne') : t('team.brand.background')}
              name="brand-background"
              options={backdrops(category).map((id) => ({ id, label: t(`catalog.backdrops.${id}`) }))}
              selected={background}
              single={fixed}
              onChange={(next) => setForm((f) => ({ ...f, background: next }))}
            />
          </>
        )}
        {!ready && <p className="text-sm text-destructive">{t('team.brand.needChoice')}</p>}
        <Button type="submit" disabled={!ready || busy !== null}>
          {busy ? <Loader2Icon className="motion-safe:animate-spin" aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
          {t('team.brand.save')}
        </Button>
      </form>
    </TeamSection>
  );
}
