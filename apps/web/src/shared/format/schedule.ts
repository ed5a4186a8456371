import type { BranchSchedule } from '@sesxi/contract';

/** One opening-hours line, e.g. `ორშაბათი – პარასკევი 10:00 – 18:00`. */
export function formatScheduleLine(
  schedule: BranchSchedule,
  weekdayName: (isoWeekday: number) => string,
): string {
  const days =
    schedule.start_day === schedule.end_day
      ? weekdayName(schedule.start_day)
      : `${weekdayName(schedule.start_day)} – ${weekdayName(schedule.end_day)}`;
  return `${days} ${schedule.start_time} – ${schedule.end_time}`;
}
