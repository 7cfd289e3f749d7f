// The frame both drills share: the page's heading and what the drill does, then its steps. A step already
// passed can be gone back to until the drill has started; after that the steps only move forward.
import type { ReactNode } from 'react';
import { Stack, Stepper, Text } from '@mantine/core';
import { PageHeading } from '../PageHeading';

/** the step a drill's run is shown on: it cannot be left backwards */
const RUNNING_STEP = 2;

export function DrillSteps({
  title,
  intro,
  step,
  onStep,
  children,
}: {
  title: string;
  intro: string;
  step: number;
  onStep(step: number): void;
  children: ReactNode;
}) {
  return (
    <Stack>
      <PageHeading>{title}</PageHeading>
      <Text c="dimmed">{intro}</Text>
      <Stepper
        active={step}
        allowNextStepsSelect={false}
        onStepClick={(s) => s < step && step < RUNNING_STEP && onStep(s)}
      >
        {children}
      </Stepper>
    </Stack>
  );
}
