export interface Measurement {
  name: string;
  value: number;
  unit: string;
  /** The most the value may be; a measurement above it fails the run. */
  budget?: number;
}

export function report(measurements: Measurement[]): boolean {
  let withinBudget = true;
  for (const { name, value, unit, budget } of measurements) {
    const over = budget !== undefined && value > budget;
    if (over) withinBudget = false;
    const limit = budget === undefined ? '' : ` (budget ${budget} ${unit}${over ? ': OVER' : ''})`;
    console.log(`${name.padEnd(48)} ${value.toFixed(1).padStart(9)} ${unit}${limit}`);
  }
  return withinBudget;
}
