// Margin health and distance to liquidation as coloured badges that also say it in words, so colour is never
// the only signal. Main computes the figures and their levels; data-level carries the level for tests. They
// are on every row of the accounts and positions tables, so their explanations are HoverTips.
import { Badge } from '@mantine/core';
import { HoverTip } from '../../components/HoverTip';
import type { RiskLevel } from '../../../../shared/risk-levels';
import { formatBps } from '../../../../shared/figures';

const COLOR: Record<RiskLevel, string> = { safe: 'teal', warning: 'yellow', danger: 'red', none: 'gray' };
/** A badge carries a figure: it takes the room its text needs and is never cut to "423.13% AB…". */
const WHOLE = { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } } as const;

const WORD: Record<RiskLevel, string> = {
  safe: 'healthy',
  warning: 'watch',
  danger: 'at risk',
  none: 'no positions',
};

/**
 * Health past 1,000% reads as "over 1,000%": at 9,993.46% the digits say nothing more than "far from it",
 * and the exact figure is on hover.
 */
const HEALTH_SHOWN_UP_TO_BPS = 100_000;

export function HealthBadge({ healthBps, level }: { healthBps: number | null; level: RiskLevel }) {
  const capped = healthBps !== null && healthBps > HEALTH_SHOWN_UP_TO_BPS;
  const figure =
    healthBps === null ? null : capped ? `over ${formatBps(HEALTH_SHOWN_UP_TO_BPS)}` : formatBps(healthBps);
  const text = figure === null ? WORD.none : `${figure} · ${WORD[level]}`;
  const exact = capped ? ` (now ${formatBps(healthBps)})` : '';
  return (
    <HoverTip
      label={`Equity as a share of the maintenance margin${exact}; at 100% the account is liquidated`}
    >
      <Badge
        color={COLOR[level]}
        variant="light"
        data-level={level}
        aria-label={`Margin health ${text}`}
        styles={WHOLE}
      >
        {text}
      </Badge>
    </HoverTip>
  );
}

export function DistanceBadge({
  long,
  distanceBps,
  level,
}: {
  long: boolean;
  distanceBps: bigint | null;
  level: RiskLevel;
}) {
  if (distanceBps === null)
    return (
      <HoverTip label="No mark price would liquidate this position">
        <Badge color="gray" variant="light" data-level="none" aria-label="Liquidation: none" styles={WHOLE}>
          none
        </Badge>
      </HoverTip>
    );
  // what is above or below what, in words: a long's liquidation price is below the mark, a short's above;
  // the distance is a share of the mark price ("Liquidation 13.09% below mark": a 13.09% fall liquidates it)
  const text = `Liquidation ${formatBps(distanceBps)} ${long ? 'below' : 'above'} mark`;
  return (
    <HoverTip
      label={`The mark price may ${long ? 'fall' : 'rise'} ${formatBps(distanceBps)} from where it is now before this position is liquidated`}
    >
      <Badge
        color={COLOR[level]}
        variant="light"
        data-level={level}
        aria-label={`Liquidation price ${formatBps(distanceBps)} ${long ? 'below' : 'above'} the mark price`}
        styles={WHOLE}
      >
        {text}
      </Badge>
    </HoverTip>
  );
}
