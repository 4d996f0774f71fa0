/**
 * The popup's parts that load after the first numbers, in one module: one `import()` and one file
 * in the build, so the module the popup opens with stays without static imports.
 */
export { BudgetProgress } from './BudgetProgress';
export { BudgetSettings } from './Budget';
export { PeriodInsights } from './PeriodInsights';
