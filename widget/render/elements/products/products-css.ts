/** The products element's style sheet: grid, list and hero layouts, cards, badges, placeholders. */
export const PRODUCTS_CSS = `.bk-products{display:grid;grid-template-columns:repeat(var(--bk-per-row,3),minmax(0,1fr));gap:16px}
.bk-products-list{grid-template-columns:1fr}
.bk-products-list .bk-product{flex-direction:row;align-items:center}
.bk-products-list .bk-product-image{flex:0 0 30%}
.bk-product{display:flex;flex-direction:column;gap:8px;min-width:0}
.bk-product-hero{flex-direction:row;gap:24px}
.bk-product-hero .bk-product-image{flex:0 0 45%}
.bk-product-image{position:relative}
.bk-product-image img{display:block;width:100%;height:auto;border-radius:4px}
.bk-product-body{display:flex;flex-direction:column;gap:6px;flex:1}
.bk-product-title{margin:0;font-weight:600}
.bk-product-title a{color:inherit;text-decoration:none}
.bk-product-price{margin:0}
.bk-compare-price{margin-left:6px;opacity:.6}
.bk-badge{position:absolute;top:8px;left:8px;padding:2px 8px;border-radius:3px;background:var(--bk-primary);color:#fff;font-size:.75em;font-weight:700}
.bk-badge-sold-out{background:#333}
.bk-product-body>.bk-badge{position:static;align-self:flex-start}
.bk-product select,.bk-product input{width:100%;padding:6px;font:inherit}
.bk-stars{color:#f5a623;letter-spacing:1px}
.bk-review-count{font-size:.85em;opacity:.8}
.bk-product-button[disabled]{opacity:.6;cursor:not-allowed}
.bk-products-empty{text-align:center;opacity:.7}
.bk-cart-refusal{margin:0}
.bk-product-placeholder .bk-product-image{aspect-ratio:1;background:#e5e5e5;border-radius:4px}
.bk-add-all{margin-top:16px;width:100%}
.bk-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
@media (max-width:480px){.bk-products{grid-template-columns:1fr}.bk-product-hero{flex-direction:column}}`;
