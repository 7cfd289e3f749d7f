// The frame both drills share: the page's heading and what the drill does, then its three steps: choose
// (what to act on, then on to the review), review (everything that will happen, before anything is signed)
// and the run (each step as main does it, then the record). A step already passed can be gone back to until
// the drill has started; after that the steps only move forward. Each drill brings only what it chooses,
// what its review shows and how it is signed.
import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Stepper, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageHeading } from '../../components/PageHeading';
import { ErrorNote } from '../../components/ErrorNote';
import { DrillProgress } from './DrillProgress';
import { InterruptedRuns } from './InterruptedRuns';
import type { DrillRun } from './useDrillRun';

/** the steps, in order; the run's cannot be left backwards */
export const DRILL_STEP = { choose: 0, review: 1, run: 2 } as const;

interface StepLabel {
  label: string;
  description: string;
}

export function DrillSteps({
  drill,
  title,
  intro,
  step,
  onStep,
  choose,
  review,
  run,
}: {
  /** which drill, and its short name: runs of it that a restart interrupted are told on its first step */
  drill: {
    kind: DrillRun['kind'];
    name: string;
    /** how an interrupted run of it is finished, when it can be */
    finish?: (run: DrillRun) => ReactNode;
  };
  title: string;
  intro: string;
  step: number;
  onStep(step: number): void;
  choose: StepLabel & {
    children: ReactNode;
    /** the button on to the review */
    next: string;
    ready: boolean;
  };
  review: StepLabel & { children: ReactNode };
  run: StepLabel & {
    run: UseQueryResult<DrillRun>;
    /** the heading of the steps' table */
    progress: string;
    /** what may be done once the run has ended (go elsewhere, review again) */
    after?: (run: DrillRun) => ReactNode;
  };
}) {
  const ended = run.run.data && run.run.data.status !== 'running' ? run.run.data : null;
  const runContent = (
    <Stack mt="md">
      <ErrorNote error={run.run.error} />
      {run.run.data ? <DrillProgress run={run.run.data} title={run.progress} /> : null}
      {ended && run.after ? run.after(ended) : null}
    </Stack>
  );
  return (
    <Stack>
      <PageHeading>{title}</PageHeading>
      <Text c="dimmed">{intro}</Text>
      <Stepper
        // an ended run ticks its last step too: what it did stays shown below (Stepper.Completed)
        active={ended ? DRILL_STEP.run + 1 : step}
        allowNextStepsSelect={false}
        onStepClick={(s) => s < step && step < DRILL_STEP.run && onStep(s)}
      >
        <Stepper.Step label={choose.label} description={choose.description}>
          <InterruptedRuns kind={drill.kind} name={drill.name} finish={drill.finish} />
          <Paper withBorder p="md" mt="md">
            <Stack>
              {choose.children}
              <Group>
                <Button disabled={!choose.ready} onClick={() => onStep(DRILL_STEP.review)}>
                  {choose.next}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Stepper.Step>
        <Stepper.Step label={review.label} description={review.description}>
          <Stack mt="md">{review.children}</Stack>
        </Stepper.Step>
        <Stepper.Step label={run.label} description={run.description}>
          {runContent}
        </Stepper.Step>
        <Stepper.Completed>{runContent}</Stepper.Completed>
      </Stepper>
    </Stack>
  );
}

/** The review's own buttons: Back to the choice, then the drill's signing button when it has one. */
export function ReviewActions({ onStep, children }: { onStep(step: number): void; children?: ReactNode }) {
  return (
    <Group>
      <Button variant="default" onClick={() => onStep(DRILL_STEP.choose)}>
        Back
      </Button>
      {children}
    </Group>
  );
}
