export interface Measurement {
  name: string;
  value: number;
  unit: string;
  /** The most the value may be; a measurement above it fails the run. */
  budget?: number;
  /** The least the value may be; a measurement below it fails the run. */
  floor?: number;
}

export function report(measurements: Measurement[]): boolean {
  let withinBudget = true;
  for (const { name, value, unit, budget, floor } of measurements) {
    const over = budget !== undefined && value > budget;
    const under = floor !== undefined && value < floor;
    if (over || under) withinBudget = false;
    const limits = [
      budget === undefined ? '' : `budget ≤ ${budget} ${unit}${over ? ': OVER' : ''}`,
      floor === undefined ? '' : `budget ≥ ${floor} ${unit}${under ? ': UNDER' : ''}`,
    ].filter(Boolean);
    const limit = limits.length > 0 ? ` (${limits.join(', ')})` : '';
    const shown = value < 10 ? value.toFixed(2) : value.toFixed(1);
    console.log(`${name.padEnd(64)} ${shown.padStart(9)} ${unit}${limit}`);
  }
  return withinBudget;
}
