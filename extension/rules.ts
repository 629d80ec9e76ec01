// Entry point of rules.html: the rule catalogue shipped in the extension, so a finding's
// "rule documentation" opens here (an extension user has no docs/ folder).
import { RULES } from '../src/core/catalogue/catalogue.js';
import { renderRuleCatalogue } from '../src/panel/rules-page/render-rule-catalogue.js';
import '../src/panel/rules-page/rules-page.css';

const root = document.getElementById('rules') ?? document.body;
renderRuleCatalogue(root, RULES, location.hash.slice(1));
