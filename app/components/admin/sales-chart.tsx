import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/**
 * Sales Overview's bars, drawn with recharts. Only the Reports screen imports this module (lazily),
 * so the chart library is never part of another screen's JavaScript.
 */
export default function SalesChart({
  points,
  formatValue,
  seriesLabel,
}: {
  points: { label: string; value: number }[];
  formatValue: (value: number) => string;
  seriesLabel: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={288}>
      <BarChart
        data={points}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        // The figures are also a table below the chart; the drawing itself is decoration.
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="#e7e5e4" />
        <XAxis
          dataKey="label"
          tickLine={false}
          axisLine={false}
          tick={{ fontSize: 12, fill: "#57534e" }}
          interval="preserveStartEnd"
          minTickGap={12}
        />
        <YAxis
          tickLine={false}
          axisLine={false}
          width={72}
          tick={{ fontSize: 12, fill: "#57534e" }}
          tickFormatter={(v: number) => formatValue(v)}
          allowDecimals={false}
        />
        <Tooltip
          cursor={{ fill: "#f5f5f4" }}
          formatter={(value) => [formatValue(Number(value)), seriesLabel]}
        />
        <Bar
          dataKey="value"
          name={seriesLabel}
          fill="#257b49"
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
