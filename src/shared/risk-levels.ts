// The thresholds at which margin health and distance to liquidation change level, in one place: main's
// portfolio colours, the review a person signs and the forms' previews all read them here, so none can warn
// at a figure another calls fine. All figures are basis points.
import type { z } from 'zod';
import type { RiskLevelSchema } from './ipc/portfolio';

export type RiskLevel = z.infer<typeof RiskLevelSchema>;

/**
 * An account's margin in quote units, as the exchange states it and the app shows it: equity, the initial
 * and maintenance requirements, free collateral (what the initial requirement leaves of the equity) and
 * health (equity over maintenance, in basis points; null while nothing is required).
 */
export interface Margin {
  equity: bigint;
  initialRequirement: bigint;
  maintenanceRequirement: bigint;
  freeCollateral: bigint;
  healthBps: number | null;
}

/** Health (equity over maintenance requirement) above this is healthy: 200%. */
const HEALTHY_ABOVE_BPS = 20_000;
/** At or below this health an account is close to liquidation: 120% (at 100% it is liquidated). */
const CLOSE_TO_LIQUIDATION_BPS = 12_000;

/** Whether a health figure is close to liquidation: at exactly 120.00% it is. */
export function closeToLiquidation(healthBps: number): boolean {
  return healthBps <= CLOSE_TO_LIQUIDATION_BPS;
}

/**
 * Above 200% is healthy, above 120% needs watching, and at 120% or below the account is close to
 * liquidation. null: nothing is required.
 */
export function healthLevel(healthBps: number | null): RiskLevel {
  if (healthBps === null) return 'none';
  if (healthBps > HEALTHY_ABOVE_BPS) return 'safe';
  if (!closeToLiquidation(healthBps)) return 'warning';
  return 'danger';
}

/** Room to liquidation in basis points of the mark: 20% or more is comfortable; under 10% is close. */
export function distanceLevel(distanceBps: bigint | null): RiskLevel {
  if (distanceBps === null) return 'none';
  if (distanceBps >= 2_000n) return 'safe';
  if (distanceBps >= 1_000n) return 'warning';
  return 'danger';
}
