import type { TFunction } from 'i18next';
import type { PortraitPackage } from '@/shared/catalog/packages';

/** The count each feature key of a package is about; undefined for plain texts. */
function featureCount(pkg: PortraitPackage, feature: string): number | undefined {
  switch (feature) {
    case 'portraits':
      return pkg.portraits;
    case 'poses':
      return pkg.poses ?? undefined;
    case 'combinations':
      return pkg.combinations ?? undefined;
    case 'delivery':
      return pkg.deliveryHours;
    case 'response':
      return pkg.responseHours ?? undefined;
    default:
      return undefined;
  }
}

/** A package's contents as translated lines, e.g. "60 pictures", "1 hour delivery". */
export function packageFeatureTexts(pkg: PortraitPackage, t: TFunction): string[] {
  return pkg.features.map((feature) => {
    const count = featureCount(pkg, feature);
    return count === undefined ? t(`packages.features.${feature}`) : t(`packages.features.${feature}`, { count });
  });
}
