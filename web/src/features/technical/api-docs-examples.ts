import curl from './api-docs-sign-curl.sh?raw';
import node from './api-docs-sign-node.mjs?raw';
import php from './api-docs-sign-php.php?raw';
import python from './api-docs-sign-python.py?raw';

/** One signing example: the very file the server's tests run against a live server. */
export interface SigningExample {
  readonly id: 'curl' | 'node' | 'php' | 'python';
  readonly label: string;
  readonly code: string;
}

/** The signing examples, in the order of their tabs. */
export const SIGNING_EXAMPLES: readonly SigningExample[] = [
  { id: 'curl', label: 'curl', code: curl },
  { id: 'node', label: 'Node.js', code: node },
  { id: 'php', label: 'PHP', code: php },
  { id: 'python', label: 'Python', code: python },
];
