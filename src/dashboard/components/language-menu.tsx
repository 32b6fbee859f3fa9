import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { isOfferedLanguage, LANGUAGES } from '@/shared/languages';
import { $language } from '@/stores/language';
import { chooseLanguage } from '@/stores/user';
import { Button } from '@/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/ui/dropdown-menu';
import { LanguageButtonContent, languageButtonClass, useLanguageButtonLabel } from './language-switch';
import type { LazyMenuProps } from './use-lazy-menu';

/** The languages, each in its own name; picking one switches the dashboard and saves it to the account. */
export function LanguageMenu({ defaultOpen = false, takeFocus = false }: LazyMenuProps) {
  const { t } = useTranslation();
  const language = useStore($language);
  const label = useLanguageButtonLabel();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className={languageButtonClass} aria-label={label} autoFocus={takeFocus}>
          <LanguageButtonContent />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44">
        <DropdownMenuLabel>{t('dashboard.topBar.language')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => {
            if (isOfferedLanguage(value)) void chooseLanguage(value);
          }}
        >
          {LANGUAGES.map((l) => (
            <DropdownMenuRadioItem key={l.code} value={l.code} lang={l.htmlLang} className="py-2">
              {l.name}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
