import { useTranslation } from 'react-i18next';
import type { LikenessFigures } from '@/shared/contracts/operator';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';

/** The reasons images were rejected, most frequent first, in words ("no face 3, someone else 2"). */
function ReasonList({ reasons }: { reasons: LikenessFigures['reasons'] }) {
  const { t } = useTranslation();
  const entries = Object.entries(reasons).sort(([, a], [, b]) => b - a);
  if (entries.length === 0) return <span className="text-muted-foreground">{t('operator.likeness.noRejections')}</span>;
  return (
    <>
      {entries
        .map(([reason, n]) => t('operator.likeness.reasonCount', { reason: t(`operator.likeness.reasons.${reason}`, { defaultValue: reason }), count: n }))
        .join(', ')}
    </>
  );
}

const score = (value: number | null) => (value === null ? '–' : value.toFixed(2));

/**
 * The likeness check in figures: one row per UTC day (the overview) or one for an order, with images
 * generated, delivered and rejected, the median score and why images were rejected.
 */
export function LikenessTable({ rows, description }: { rows: (LikenessFigures & { label: string })[]; description?: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('operator.likeness.title')}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('operator.likeness.empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('operator.likeness.when')}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {t('operator.likeness.generated')}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {t('operator.likeness.delivered')}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {t('operator.likeness.rejected')}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {t('operator.likeness.median')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('operator.likeness.reasonsHeader')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label} className="border-b last:border-0">
                    <th scope="row" className="py-2 pr-3 text-left font-normal whitespace-nowrap">
                      {row.label}
                    </th>
                    <td className="py-2 pr-3 text-right tabular-nums">{row.generated}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{row.delivered}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{row.rejected}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{score(row.medianScore)}</td>
                    <td className="py-2">
                      <ReasonList reasons={row.reasons} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
