// The project's dependency arrows, enforced at lint time:
//   game/        imports only itself (and a few pure packages); no clock, no randomness, no I/O.
//   wire/        the messages between the site and the room servers (schemas, signing): game/ and
//                the pure packages only; imported by party/ and site/, never by game/ or db/.
//   party/       may import game/ and wire/, never db/ or site/.
//   db/          may import game/, nothing of site/, party/ or wire/.
//   site/shared/ browser-safe rules used by both the pages and the server: only itself and game/
//                (and the same few pure packages).
//   site/app/    the pages (the browser bundle): game/, wire/ and site/shared/ only; from site/server/
//                only `import type` / `export type` (erased at build time), never db/ or party/.
//   site/server/ (and the rest of site/) may import game/, wire/, db/ and site/shared/, never
//                site/app/ or party/.
//
// Specifiers are followed through package.json "imports" too: `#site/server/app.ts` from game/ is
// refused like `../site/server/app`. The second rule, `import-names`, keeps the naming rule of
// import-names.js: relative inside a unit, the `#` name across units (docs/decisions/126).
import path from 'node:path';
import { builtinModules } from 'node:module';
import { hashTarget, relativeTo, renamedSpecifier, unitOf } from './import-names.js';

/** Most specific first: a file belongs to the first layer whose folder holds it. */
const LAYERS = ['game', 'wire', 'party', 'db', 'site/shared', 'site/app', 'site/server', 'site'];

/** Which project folders each layer may import from (besides itself). */
const ALLOWED = {
  game: [],
  wire: ['game'],
  party: ['game', 'wire'],
  db: ['game'],
  'site/shared': ['game'],
  'site/app': ['game', 'wire', 'site/shared'],
  'site/server': ['game', 'wire', 'db', 'site/shared'],
  site: ['game', 'wire', 'db', 'site/shared', 'site/server'],
};

/** Layers another layer may import types from, and nothing else (types are erased at build time). */
const TYPES_ONLY = { 'site/app': ['site/server'] };

/** Layers that run anywhere (browser, room server, Node) and so may use only these packages. */
const PURE_LAYERS = ['game', 'wire', 'site/shared'];

/** npm packages that the pure layers may use: pure, portable, no I/O. */
const PURE_PACKAGES = ['xstate', '@oslojs/crypto', '@oslojs/encoding', 'zod'];

const builtins = new Set(builtinModules);

function layerOf(root, file) {
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const posix = rel.split(path.sep).join('/');
  return LAYERS.find((layer) => posix === layer || posix.startsWith(`${layer}/`)) ?? null;
}

function packageName(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Visits every module specifier of a file: imports, re-exports, import() and require(). */
function specifierVisitors(check) {
  const source = (node) =>
    node.source &&
    check(node.source, node.source.value, node.importKind === 'type' || node.exportKind === 'type');
  return {
    ImportDeclaration: source,
    ExportNamedDeclaration: source,
    ExportAllDeclaration: source,
    ImportExpression(node) {
      if (node.source.type === 'Literal') check(node.source, node.source.value);
    },
    CallExpression(node) {
      if (
        node.callee.type === 'Identifier' &&
        node.callee.name === 'require' &&
        node.arguments[0]?.type === 'Literal'
      ) {
        check(node.arguments[0], node.arguments[0].value);
      }
    },
  };
}

/** @type {import('eslint').Rule.RuleModule} */
const boundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Keep game/, wire/, party/, db/, site/shared/ and site/ within their dependency arrows.',
    },
    schema: [],
    messages: {
      layer: '{{from}}/ may not import {{to}}/ ("{{spec}}").',
      typesOnly:
        '{{from}}/ may import only types from {{to}}/ ("{{spec}}"): use `import type`, or move the rule to site/shared/.',
      purePackage: '{{from}}/ may import only {{allowed}}, not "{{spec}}".',
      unknownName: '"{{spec}}" matches no name in package.json "imports".',
      impure: 'game/ is pure: {{what}} is not allowed (time and randomness come in as data).',
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = layerOf(root, file);
    if (!from) return {};

    function checkSpecifier(node, spec, typeOnly = false) {
      if (typeof spec !== 'string') return;
      if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('#')) {
        const target = spec.startsWith('#')
          ? hashTarget(root, spec)
          : path.resolve(path.dirname(file), spec);
        if (!target) {
          context.report({ node, messageId: 'unknownName', data: { spec } });
          return;
        }
        const to = layerOf(root, target);
        const outside = path.relative(root, target).startsWith('..');
        // The pure layers may reach nothing outside the project's layers (tests/, scripts/, …).
        if (PURE_LAYERS.includes(from) && (outside || !to)) {
          context.report({ node, messageId: 'layer', data: { from, to: to ?? 'outside', spec } });
        } else if (to && to !== from && !ALLOWED[from].includes(to)) {
          const typesAllowed = TYPES_ONLY[from]?.includes(to);
          if (!(typesAllowed && typeOnly)) {
            const messageId = typesAllowed ? 'typesOnly' : 'layer';
            context.report({ node, messageId, data: { from, to, spec } });
          }
        }
        return;
      }
      if (!PURE_LAYERS.includes(from)) return;
      const name = packageName(spec);
      if (spec.startsWith('node:') || builtins.has(name) || !PURE_PACKAGES.includes(name)) {
        context.report({
          node,
          messageId: 'purePackage',
          data: { from, allowed: PURE_PACKAGES.join(', '), spec },
        });
      }
    }

    const visitors = specifierVisitors(checkSpecifier);
    if (from !== 'game') return visitors;

    const impure = (node, what) => context.report({ node, messageId: 'impure', data: { what } });
    const FORBIDDEN_MEMBERS = {
      Math: ['random'],
      Date: ['now'],
      performance: ['now'],
      crypto: ['getRandomValues', 'randomUUID', 'subtle'],
    };
    return {
      ...visitors,
      MemberExpression(node) {
        if (node.object.type !== 'Identifier') return;
        const banned = FORBIDDEN_MEMBERS[node.object.name];
        const prop = node.property.type === 'Identifier' ? node.property.name : node.property.value;
        if (banned && banned.includes(prop)) impure(node, `${node.object.name}.${prop}`);
      },
      NewExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'Date')
          impure(node, 'new Date()');
      },
      'CallExpression[callee.type="Identifier"]'(node) {
        const name = node.callee.name;
        if (['Date', 'setTimeout', 'setInterval', 'fetch'].includes(name))
          impure(node, `${name}()`);
      },
    };
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const importNames = {
  meta: {
    type: 'suggestion',
    docs: {
      description:
        'Name a file of another unit by its `#` name (package.json "imports"), one of the same unit by a relative path.',
    },
    schema: [],
    messages: {
      crossing: '"{{spec}}" leaves {{unit}}/: import it as "{{preferred}}".',
      inside: '"{{spec}}" is inside {{unit}}/: import it as "{{preferred}}".',
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = relativeTo(root, file);
    if (from === null) return {};
    return specifierVisitors((node, spec) => {
      if (typeof spec !== 'string') return;
      const preferred = renamedSpecifier(root, file, spec);
      if (!preferred) return;
      const unit = unitOf(from) ?? '.';
      context.report({
        node,
        messageId: spec.startsWith('#') ? 'inside' : 'crossing',
        data: { spec, unit, preferred },
      });
    });
  },
};

export default { rules: { boundaries, 'import-names': importNames } };
