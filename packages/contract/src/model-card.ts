/** The projection model's card: written by the backtest in @fm/projections, served by the API, shown by the web. */
export {
  describeEvaluatedSeason,
  modelCardSchema,
  type EvaluatedSeason,
  type ModelCard,
} from '@fm/projections/model-card';
