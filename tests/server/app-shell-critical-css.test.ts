import { describe, expect, it } from 'vitest';
import { criticalCss, markupNames } from '../../server/routes/app-shell/critical-css.js';
import { withCriticalStyles } from '../../server/routes/app-shell/index.js';

const names = (html: string) => markupNames(html);

describe("a drawn page's critical stylesheet", () => {
  it('reads the classes and ids of the markup, quoted or not', () => {
    const { classes, ids } = names(`<div class="cf-app  cf-app--x" id="root"><p class='a b'></p><i id=x class=c></i><b data-class="no"></b></div>`);
    expect([...classes].sort()).toEqual(['a', 'b', 'c', 'cf-app', 'cf-app--x']);
    expect([...ids].sort()).toEqual(['root', 'x']);
  });

  it('keeps the rules that may match the markup and leaves out those naming a class or id it lacks', () => {
    const markup = names('<main class="cf-page" id="main-content"><h1 class="cf-title">Hi</h1><button class="cf-button cf-button--primary"></button></main>');
    const css =
      'html,body{margin:0}.cf-page{padding:1rem}.cf-page .cf-title{font-size:2rem}.cf-modal{position:fixed}' +
      '.cf-button:hover{color:red}.cf-button--primary:not(.cf-button--busy){color:blue}.cf-gone,.cf-title::after{content:""}' +
      '#main-content:focus{outline:0}#dialog{top:0}:root{--x:1}[hidden]{display:none}' +
      '.cf-page:has(.cf-loading-placeholder)~.cf-footer{display:none}.cf-page:has(.cf-title)>.cf-modal{top:0}';
    expect(criticalCss(css, markup)).toBe(
      'html,body{margin:0}.cf-page{padding:1rem}.cf-page .cf-title{font-size:2rem}' +
        '.cf-button:hover{color:red}.cf-button--primary:not(.cf-button--busy){color:blue}.cf-title::after{content:""}' +
        '#main-content:focus{outline:0}:root{--x:1}[hidden]{display:none}',
    );
  });

  it('filters inside @media and @supports, drops a block left empty, and keeps other at-rules whole', () => {
    const markup = names('<div class="a"></div>');
    const css =
      '@charset "utf-8";@font-face{font-family:X;src:url(/x.woff2)}@keyframes spin{to{transform:rotate(1turn)}}' +
      '@media (min-width:40em){.a{margin:0}.b{margin:1px}}@media print{.b{color:#000}}@supports (display:grid){@media screen{.a{display:grid}.z{x:y}}}';
    expect(criticalCss(css, markup)).toBe(
      '@charset "utf-8";@font-face{font-family:X;src:url(/x.woff2)}@keyframes spin{to{transform:rotate(1turn)}}' +
        '@media (min-width:40em){.a{margin:0}}@supports (display:grid){@media screen{.a{display:grid}}}',
    );
  });

  it('reads escaped class names, strings holding braces and comments', () => {
    const markup = names('<div class="md:flex w-1/2"></div>');
    const css = '.md\\:flex{display:flex}.w-1\\/2{width:50%}.md\\:grid{display:grid}.a::before{content:"}{"}/* .x{} */.w-1\\/2::after{content:"{"}';
    expect(criticalCss(css, markup)).toBe('.md\\:flex{display:flex}.w-1\\/2{width:50%}.w-1\\/2::after{content:"{"}');
  });

  it('keeps a stylesheet it cannot read whole', () => {
    const css = '.a{color:red}.b{color:blue';
    expect(criticalCss(css, names('<p></p>'))).toBe(css);
  });

  it("cuts each stylesheet inline in the head and links its file after the drawn page at low priority; the page's own style stays", () => {
    const page =
      '<html><head><style>#page-load-spinner{display:flex}.cf-unused-shell{x:y}</style>\n' +
      '<style>.cf-layout{margin:0}.cf-modal{top:0}</style>\n<link rel="stylesheet" crossorigin href="/app/dist/assets/index-1.css" disabled>\n' +
      '<style>.cf-input{border:1px}.cf-date-picker{z-index:2}</style>\n<link rel="stylesheet" href="/app/dist/assets/theme-d.css" disabled>\n' +
      '</head><body><div id="page-load-spinner"></div><div id="root"></div></body></html>';
    const { page: cut, links } = withCriticalStyles(page, '<div class="cf-layout"><input class="cf-input"></div>');
    expect(cut).toBe(
      '<html><head><style>#page-load-spinner{display:flex}.cf-unused-shell{x:y}</style>\n' +
        '<style>.cf-layout{margin:0}</style>\n<style>.cf-input{border:1px}</style>\n' +
        '</head><body><div id="page-load-spinner"></div><div id="root"></div></body></html>',
    );
    expect(links).toBe('<link rel="stylesheet" fetchpriority="low" crossorigin href="/app/dist/assets/index-1.css">\n<link rel="stylesheet" fetchpriority="low" href="/app/dist/assets/theme-d.css">');
  });
});
