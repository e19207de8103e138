import { describe, expect, it } from 'vitest';
import { parseMcpToolName } from './mcp-tool-name.js';

describe('parseMcpToolName', () => {
  it.each([
    ['mcp__github__create_issue', { server: 'github', tool: 'create_issue' }],
    ['mcp__claude_ai_Linear__list_issues', { server: 'claude_ai_Linear', tool: 'list_issues' }],
    ['mcp__plugin_linear_linear__get_issue', { server: 'plugin_linear_linear', tool: 'get_issue' }],
    ['mcp__plugin_my-plugin_db__query__v2', { server: 'plugin_my-plugin_db', tool: 'query__v2' }],
    ['mcp__ide__getDiagnostics', { server: 'ide', tool: 'getDiagnostics' }],
    ['mcp__s__a__b__c', { server: 's', tool: 'a__b__c' }],
    ['mcp__s___private', { server: 's', tool: '_private' }],
  ])('splits "%s"', (name, expected) => {
    expect(parseMcpToolName(name)).toEqual(expected);
  });

  it.each([
    'Bash',
    'mcp',
    'mcp__',
    'mcp__github',
    'mcp__github__',
    'mcp____tool',
    'MCP__github__create_issue',
    'github__create_issue',
    'mcp_github_create_issue',
  ])('rejects "%s"', (name) => {
    expect(parseMcpToolName(name)).toBeUndefined();
  });
});
