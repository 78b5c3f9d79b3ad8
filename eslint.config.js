import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.config.*.timestamp*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'Money is never a number: use the contract money module.',
        },
      ],
      // Import direction: web and server never import each other; the contract imports neither.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './server', from: './web', message: 'server never imports web' },
            { target: './web', from: './server', message: 'web never imports server' },
            {
              target: './packages/contract',
              from: './server',
              message: 'contract imports nothing of ours',
            },
            {
              target: './packages/contract',
              from: './web',
              message: 'contract imports nothing of ours',
            },
            // Features never import each other: shared pieces live in web/src/ui or the contract.
            {
              target: './web/src/features/*/',
              from: './web/src/features/',
              except: ['./'],
              message: 'features do not import each other; move shared code to web/src/ui',
            },
            { target: './web/src/ui', from: './web/src/features', message: 'ui is below features' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
