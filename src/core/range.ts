/**
 * An estimated quantity: the central figure a careful reader would defend, and the lowest and the
 * highest that the published rules allow. An exact count is a range whose three values are equal.
 */
export interface Range {
  readonly low: number;
  readonly central: number;
  readonly high: number;
}
