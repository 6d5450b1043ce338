import { readConfig, type Options as Opts } from './config.js';
import path from 'node:path';

export interface Shape {
  area(): number;
}

export type ShapeId = string;

export enum Color {
  Red,
  Green,
}

export const MAX_SHAPES = 10;

export class Circle implements Shape {
  radius = 1;

  constructor(private readonly options: Opts) {}

  area(): number {
    return Math.PI * square(this.radius);
  }
}

export function square(value: number): number {
  return value * value;
}

export const makeCircle = (options: Opts): Circle => {
  const config = readConfig(path.join('a', 'b'));
  return new Circle({ ...options, ...config });
};
