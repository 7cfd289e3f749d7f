// Margin health and distance to liquidation as coloured badges that also say it in words, so colour is never
// the only signal. Main computes the figures and their levels; data-level carries the level for tests.
import { Badge, Tooltip } from '@mantine/core';
import type { RiskLevel } from '../../../shared/risk-levels';
import { formatBps } from '../../../shared/figures';

const COLOR: Record<RiskLevel, string> = { safe: 'teal', warning: 'yellow', danger: 'red', none: 'gray' };
/** A badge carries a figure: it takes the room its text needs and is never cut to "423.13% AB…". */
const WHOLE = { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } } as const;

const WORD: Record<RiskLevel, string> = {
  safe: 'healthy',
  warning: 'watch',
  danger: 'at risk',
  none: 'no positions',
};

export function HealthBadge({ healthBps, level }: { healthBps: number | null; level: RiskLevel }) {
  const text = healthBps === null ? WORD.none : `${formatBps(healthBps)} · ${WORD[level]}`;
  return (
    <Tooltip label="Equity as a share of the maintenance margin; at 100% the account is liquidated">
      <Badge
        color={COLOR[level]}
        variant="light"
        data-level={level}
        aria-label={`Margin health ${text}`}
        styles={WHOLE}
      >
        {text}
      </Badge>
    </Tooltip>
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
      <Tooltip label="No mark price would liquidate this position">
        <Badge color="gray" variant="light" data-level="none" aria-label="Liquidation: none" styles={WHOLE}>
          none
        </Badge>
      </Tooltip>
    );
  const text = `${formatBps(distanceBps)} ${long ? 'below' : 'above'}`;
  return (
    <Tooltip label={`The mark price may move ${text} the current mark before this position is liquidated`}>
      <Badge
        color={COLOR[level]}
        variant="light"
        data-level={level}
        aria-label={`Liquidation ${text}`}
        styles={WHOLE}
      >
        {text}
      </Badge>
    </Tooltip>
  );
}
