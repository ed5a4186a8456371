import type { ScheduleRow } from '@sesxi/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import classes from './loan-offer.module.css';

/** The drawing's own units; the SVG scales to the width it is given. */
const width = 320;
const height = 170;
const plot = { left: 56, right: 6, top: 8, bottom: 22 };

const sum = (rows: ScheduleRow[], pick: (row: ScheduleRow) => number) =>
  Math.round(rows.reduce((total, row) => total + Math.round(pick(row) * 100), 0)) / 100;

/**
 * The schedule as stacked bars, one a month: principal at the bottom, interest (and the monthly
 * fee, when there is one) on top. Hand-drawn SVG: no charting library on the loan screens. The
 * picture is one image for assistive technology, named by a summary of its figures; the table
 * below it holds every number.
 */
export function ScheduleChart({ schedule }: { schedule: ScheduleRow[] }) {
  const { t } = useTranslation();
  const captionId = useId();
  const first = schedule[0];
  const last = schedule.at(-1);
  if (!first || !last) return null;
  const hasFee = schedule.some((row) => row.fee > 0);
  const top = Math.max(...schedule.map((row) => row.payment));
  const plotWidth = width - plot.left - plot.right;
  const plotHeight = height - plot.top - plot.bottom;
  const baseline = plot.top + plotHeight;
  const slot = plotWidth / schedule.length;
  const barWidth = Math.max(1, slot * 0.7);
  const scale = (amount: number) => (top > 0 ? (amount / top) * plotHeight : 0);
  const middle = schedule[Math.floor((schedule.length - 1) / 2)];
  const ticks = [...new Set([first, middle ?? first, last])];
  const summary = t('offer.chartSummary', {
    count: schedule.length,
    principal: formatMoney(sum(schedule, (row) => row.principal)),
    interest: formatMoney(sum(schedule, (row) => row.interest)),
    firstInterest: formatMoney(first.interest),
    lastInterest: formatMoney(last.interest),
  });
  const legend = [
    { key: 'principal', className: classes.principal, label: t('offer.principal') },
    { key: 'interest', className: classes.interest, label: t('offer.interest') },
    ...(hasFee ? [{ key: 'fee', className: classes.fee, label: t('offer.fee') }] : []),
  ];

  return (
    <figure className={classes.chart} aria-labelledby={captionId}>
      <figcaption id={captionId}>{t('offer.chartTitle')}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary}>
        <line
          className={classes.axisLine}
          x1={plot.left}
          x2={width - plot.right}
          y1={baseline}
          y2={baseline}
        />
        <text className={classes.axis} x={plot.left - 4} y={plot.top + 8} textAnchor="end">
          {formatMoney(top)}
        </text>
        <text className={classes.axis} x={plot.left - 4} y={baseline} textAnchor="end">
          {formatMoney(0)}
        </text>
        {schedule.map((row, index) => {
          const x = plot.left + index * slot + (slot - barWidth) / 2;
          const principal = scale(row.principal);
          const interest = scale(row.interest);
          const fee = scale(row.fee);
          return (
            <g key={row.number}>
              <rect
                className={classes.principal}
                x={x}
                y={baseline - principal}
                width={barWidth}
                height={principal}
              />
              <rect
                className={classes.interest}
                x={x}
                y={baseline - principal - interest}
                width={barWidth}
                height={interest}
              />
              {fee > 0 && (
                <rect
                  className={classes.fee}
                  x={x}
                  y={baseline - principal - interest - fee}
                  width={barWidth}
                  height={fee}
                />
              )}
            </g>
          );
        })}
        {ticks.map((row) => (
          <text
            key={row.number}
            className={classes.axis}
            x={plot.left + (row.number - 0.5) * slot}
            y={height - 6}
            textAnchor="middle"
          >
            {row.number}
          </text>
        ))}
        <text className={classes.axis} x={0} y={height - 6}>
          {t('offer.month')}
        </text>
      </svg>
      <ul className={classes.legend}>
        {legend.map((item) => (
          <li key={item.key}>
            <span className={`${classes.swatch} ${item.className}`} aria-hidden="true" />
            {item.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
