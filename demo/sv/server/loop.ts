/**
 * The courses loop grid on /demo/sv/utbildningar, rendered the same way for
 * the page and for the refresh-loop answer: filtered by the loop filter's
 * taxonomies, three per page, with pagination links that keep the filters.
 */
import { buildLoopQuery, matchesFilters, type LoopFilters } from "#demo/sv/src/loop-query";
import { COURSE_TAXONOMIES, COURSES, type Course } from "./content";
import { esc, jsonAttr, kronor } from "./html";

/** The loop grid widget's id (the page builder's 7-hex element id). */
export const COURSE_LOOP_ID = "f00d123";
export const COURSES_PAGE_ID = 30;
export const COURSES_PER_PAGE = 3;

export interface LoopPage {
  courses: Course[];
  page: number;
  pages: number;
  total: number;
}

/** The courses matching the filters, paginated; a page past the end shows the last one. */
export function selectCourses(filters: LoopFilters, page: number): LoopPage {
  const known = Object.fromEntries(Object.entries(filters).filter(([tax]) => Object.hasOwn(COURSE_TAXONOMIES, tax)));
  const matching = COURSES.filter((c) => matchesFilters(c.terms, known));
  const pages = Math.max(1, Math.ceil(matching.length / COURSES_PER_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  return {
    courses: matching.slice((current - 1) * COURSES_PER_PAGE, current * COURSES_PER_PAGE),
    page: current,
    pages,
    total: matching.length,
  };
}

function courseCard(course: Course): string {
  const termNames = Object.entries(course.terms)
    .flatMap(([tax, slugs]) =>
      slugs.map(
        (s) => COURSE_TAXONOMIES[tax as keyof typeof COURSE_TAXONOMIES].terms.find((t) => t.slug === s)?.name ?? s,
      ),
    )
    .join(" · ");
  const classes = Object.entries(course.terms).flatMap(([tax, slugs]) => slugs.map((s) => `${tax}-${s}`));
  return `<article class="e-loop-item kurs-${esc(course.slug)} ${esc(classes.join(" "))} elementor-invisible" data-settings="${jsonAttr({ _animation: "fadeInUp" })}" data-course="${esc(course.slug)}">
  <a class="e-loop-item__image" href="/demo/assets/${esc(course.image)}" data-elementor-lightbox-slideshow="kurser" data-elementor-lightbox-title="${esc(course.title)}"><img src="/demo/assets/${esc(course.image)}" alt="${esc(course.title)}" width="320" height="180" loading="lazy"></a>
  <h3 class="e-loop-item__title">${esc(course.title)}</h3>
  <p class="e-loop-item__terms">${esc(termNames)}</p>
  <p>${esc(course.excerpt)}</p>
  <p class="e-loop-item__price">${course.days} ${course.days === 1 ? "dag" : "dagar"} · ${esc(kronor(course.priceSek))} exkl. moms</p>
</article>`;
}

/** Pagination links built on baseUrl (path and query of the current address). */
function pagination(result: LoopPage, filters: LoopFilters, baseUrl: URL): string {
  if (result.pages <= 1) return "";
  // Path and query only (a leading "//" collapsed), so a base URL sent by a client cannot point the links elsewhere.
  const pathname = `/${baseUrl.pathname.replace(/^\/+/, "")}`;
  const href = (p: number) => `${pathname}${buildLoopQuery(baseUrl.search, COURSE_LOOP_ID, filters, p)}`;
  const links = Array.from({ length: result.pages }, (_, index) => {
    const page = index + 1;
    return page === result.page
      ? `<span aria-current="page" class="page-numbers current">${page}</span>`
      : `<a class="page-numbers" href="${esc(href(page))}" data-page="${page}">${page}</a>`;
  });
  return `<nav class="elementor-pagination" aria-label="Sidnumrering">${links.join("")}</nav>`;
}

/** The loop widget's inner container (what refresh-loop answers as data). */
export function renderCourseLoop(filters: LoopFilters, page: number, baseUrl: URL): string {
  const result = selectCourses(filters, page);
  const items = result.courses.length
    ? result.courses.map(courseCard).join("\n")
    : `<p class="e-loop-nothing-found-message">Inga utbildningar matchar filtret. Prova ett annat ämne eller format.</p>`;
  return `<div class="elementor-widget-container">
<p class="e-loop-count" aria-live="polite">${result.total} ${result.total === 1 ? "utbildning" : "utbildningar"}</p>
<div class="elementor-loop-container elementor-grid" data-page="${result.page}">
${items}
</div>
${pagination(result, filters, baseUrl)}
</div>`;
}

/** The filter bars (one per taxonomy) targeting the loop, with the current selection pressed. */
export function renderLoopFilters(filters: LoopFilters): string {
  return Object.entries(COURSE_TAXONOMIES)
    .map(([taxonomy, meta], index) => {
      const selected = filters[taxonomy]?.terms ?? [];
      const settings = {
        selected_element: COURSE_LOOP_ID,
        taxonomy,
        logical_join: meta.logicalJoin,
        multiple_selection: "yes",
      };
      const buttons = [
        `<button type="button" class="e-filter-item" data-filter="__all" aria-pressed="${selected.length === 0}">Alla</button>`,
        ...meta.terms.map(
          (term) =>
            `<button type="button" class="e-filter-item" data-filter="${esc(term.slug)}" aria-pressed="${selected.includes(term.slug)}">${esc(term.name)}</button>`,
        ),
      ];
      return `<div class="elementor-element elementor-widget-taxonomy-filter e-filter" data-id="c0ffee${index}" data-settings="${jsonAttr(settings)}" role="group" aria-label="${esc(meta.label)}">
  <span class="e-filter__label">${esc(meta.label)}${meta.logicalJoin === "AND" ? " (alla valda)" : " (något av)"}</span>
  ${buttons.join("\n  ")}
</div>`;
    })
    .join("\n");
}

/** The loop widget with its model (what the editor sends back as widget_model). */
export function renderCourseLoopWidget(filters: LoopFilters, page: number, baseUrl: URL): string {
  const model = {
    id: COURSE_LOOP_ID,
    elType: "widget",
    widgetType: "loop-grid",
    settings: { posts_per_page: COURSES_PER_PAGE, template_id: 31 },
  };
  return `<div class="elementor-element elementor-element-${COURSE_LOOP_ID} elementor-widget elementor-widget-loop-grid" data-id="${COURSE_LOOP_ID}" data-widget_type="loop-grid.post" data-widget-model="${jsonAttr(model)}">
${renderCourseLoop(filters, page, baseUrl)}
</div>`;
}
