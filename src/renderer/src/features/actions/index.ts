// An action from review to outcome: main prepares it, the person confirms it by id, the outcome is shown.
export { usePreparedAction, type PreparedAction } from './usePreparedAction';
export { SummaryTable } from './SummaryTable';
