export { parseBase, VIEW_TYPES } from './parse.js'
export type {
  BaseDefinition,
  BaseExpression,
  BaseFilter,
  BaseFormula,
  BaseOrigin,
  BaseProblem,
  BaseProperty,
  BaseSort,
  BaseView,
  BaseViewType,
} from './parse.js'
export { evaluateView, cellText, DEFAULT_EVALUATE_LABELS } from './evaluate.js'
export type { BaseRecord } from './record.js'
export type { Cell, Column, EvaluateContext, EvaluateLabels, Row, ViewGroup, ViewResult } from './evaluate.js'
export { renderView, renderViewTabs, DEFAULT_RENDER_LABELS } from './render.js'
export type { RenderLabels } from './render.js'
export { parseExpression, evaluate, createScope, isTruthy } from './expression.js'
export type { Expr, ExpressionContext, ExpressionProblem, Scope, Value } from './expression.js'
