// Tool calls of a Claude Code conversation: the tool_use block, and how its result is written when the
// call runs (file, shell, search, web, skill and MCP tools; denials, cancels, hook blocks, no result).

import { atLeast, clean } from '../support.mjs';
import { globRegex, hunkOf, numbered } from '../text.mjs';
import { Conversation } from './conversation.mjs';
import { CANCELLED, READ_REMINDER, READ_REMINDER_OLD, REJECTED, TODO_OK } from './texts.mjs';

/** A conversation with tool calls: each factory returns `{id, block, run(conversation, ownerUuid)}`. */
export class ToolCalls extends Conversation {
  call(name, input, run) {
    const id = this.s.random.toolId();
    const block = clean({
      type: 'tool_use',
      id,
      name,
      input,
      caller: this.s.late ? { type: 'direct' } : undefined,
    });
    return { id, name, input, block, run };
  }

  /** Replaces a call's outcome: the user rejected it in the permission prompt. */
  rejected(call, toolUseResult = 'User rejected tool use') {
    return { ...call, run: () => ({ isError: true, content: REJECTED, toolUseResult, ms: [2500, 9000] }) };
  }

  /** Replaces a call's outcome: cancelled because the user stopped the turn (parallel sibling). */
  cancelled(call) {
    return {
      ...call,
      run: () => ({ isError: true, content: CANCELLED, toolUseResult: CANCELLED, ms: [5, 20] }),
    };
  }

  /** Replaces a call's outcome: a PreToolUse hook blocked it (exit code 2). */
  hookBlocked(call, command, stderr) {
    const text = `PreToolUse:${call.name} hook error: [${command}]: ${stderr}`;
    return {
      ...call,
      run: (conv, ownerUuid) => ({
        isError: true,
        content: text,
        toolUseResult: `Error: ${text}`,
        ms: [150, 400],
        before: () =>
          conv.attachment(
            {
              type: 'hook_blocking_error',
              hookName: `PreToolUse:${call.name}`,
              toolUseID: call.id,
              hookEvent: 'PreToolUse',
              blockingError: { blockingError: `[${command}]: ${stderr}`, command },
            },
            ownerUuid,
          ),
      }),
    };
  }

  /** Replaces a call's outcome: no result was ever written (the session ended while it ran). */
  unanswered(call) {
    return { ...call, run: () => ({ none: true }) };
  }

  read(rel, { offset, limit } = {}) {
    const p = this.s.project;
    const file = p.abs(rel);
    return this.call('Read', clean({ file_path: file, offset, limit }), () => {
      if (!p.has(rel)) {
        return {
          isError: true,
          content: '<tool_use_error>File does not exist.</tool_use_error>',
          toolUseResult: 'Error: File does not exist.',
          ms: [10, 40],
        };
      }
      const text = p.read(rel);
      const lines = text.split('\n');
      const from = offset ?? 1;
      const to = Math.min(lines.length, limit ? from + limit - 1 : lines.length);
      const reminder = this.s.late ? '' : atLeast(this.v, '2.0.30') ? READ_REMINDER : READ_REMINDER_OLD;
      return {
        content: numbered(text, from, to, this.s.late) + reminder,
        toolUseResult: {
          type: 'text',
          file: {
            filePath: file,
            content: lines.slice(from - 1, to).join('\n'),
            numLines: to - from + 1,
            startLine: from,
            totalLines: lines.length,
          },
        },
        ms: [15, 90],
      };
    });
  }

  /** Edit; `fails`: the old string is meant not to match (the model got the whitespace wrong). */
  edit(rel, oldString, newString, { fails = false } = {}) {
    const p = this.s.project;
    const file = p.abs(rel);
    return this.call(
      'Edit',
      { file_path: file, old_string: oldString, new_string: newString },
      (conv, owner) => {
        const original = p.read(rel);
        const at = original.indexOf(oldString);
        if (at < 0 !== fails)
          throw new Error(`Demo script bug: edit of "${rel}" does not ${fails ? 'fail' : 'apply'}`);
        if (at < 0) {
          return {
            isError: true,
            content: `<tool_use_error>String to replace not found in file.\nString: ${oldString}</tool_use_error>`,
            toolUseResult: `Error: String to replace not found in file.\nString: ${oldString}`,
            ms: [10, 40],
          };
        }
        const updated = original.slice(0, at) + newString + original.slice(at + oldString.length);
        p.write(rel, updated);
        conv.touch(rel, owner);
        const { firstChanged, lastChanged, ...hunk } = hunkOf(original, updated);
        return {
          content: this.s.late
            ? `The file ${file} has been updated successfully.`
            : `The file ${file} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${numbered(updated, firstChanged - 4, lastChanged + 4, false)}`,
          toolUseResult: {
            filePath: file,
            oldString,
            newString,
            originalFile: original,
            structuredPatch: [hunk],
            userModified: false,
            replaceAll: false,
          },
          ms: [40, 200],
        };
      },
    );
  }

  write(rel, content) {
    const p = this.s.project;
    const file = p.abs(rel);
    return this.call('Write', { file_path: file, content }, (conv, owner) => {
      const existed = p.has(rel);
      const original = existed ? p.read(rel) : null;
      p.write(rel, content);
      conv.touch(rel, owner);
      const { firstChanged, lastChanged, ...hunk } = hunkOf(original ?? '', content);
      return {
        content: !existed
          ? `File created successfully at: ${file}`
          : this.s.late
            ? `The file ${file} has been updated successfully.`
            : `The file ${file} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${numbered(content, firstChanged - 4, lastChanged + 4, false)}`,
        toolUseResult: clean({
          type: existed ? 'update' : 'create',
          filePath: file,
          content,
          structuredPatch: existed ? [hunk] : [],
          originalFile: atLeast(this.v, '2.0.77') ? original : undefined,
        }),
        ms: [40, 200],
      };
    });
  }

  /** `out`/`err` as the command printed them; a non-zero `exit` is an error result (`Exit code N`). */
  bash(command, description, { out = '', err = '', exit = 0, ms = [300, 2500], background } = {}) {
    const input = clean({ command, description, run_in_background: background ? true : undefined });
    return this.call('Bash', input, () => {
      if (background) {
        return {
          content: `Command running in background with ID: ${background}`,
          toolUseResult: {
            stdout: '',
            stderr: '',
            interrupted: false,
            isImage: false,
            backgroundTaskId: background,
          },
          ms: [80, 200],
        };
      }
      if (exit !== 0) {
        const text = `Exit code ${exit}\n${[err, out].filter(Boolean).join('\n')}`;
        return { isError: true, content: text, toolUseResult: `Error: ${text}`, ms };
      }
      return {
        content: [out, err].filter(Boolean).join('\n'),
        okFlag: atLeast(this.v, '2.1.0') ? false : undefined,
        toolUseResult: clean({
          stdout: out,
          stderr: err,
          interrupted: false,
          isImage: false,
          noOutputExpected: atLeast(this.v, '2.1.63') ? false : undefined,
        }),
        ms,
      };
    });
  }

  bashOutput(shellId, command, out) {
    return this.call('BashOutput', { bash_id: shellId }, () => {
      const timestamp = this.s.clock.now();
      return {
        content: `<status>running</status>\n\n<stdout>\n${out}\n</stdout>\n\n<timestamp>${timestamp}</timestamp>`,
        toolUseResult: {
          shellId,
          command,
          status: 'running',
          exitCode: null,
          stdout: out,
          stderr: '',
          stdoutLines: out.split('\n').length,
          stderrLines: 1,
          timestamp,
        },
        ms: [10, 40],
      };
    });
  }

  killShell(shellId, command) {
    return this.call('KillShell', { shell_id: shellId }, () => {
      const result = { message: `Successfully killed shell: ${shellId} (${command})`, shell_id: shellId };
      return { content: JSON.stringify(result), toolUseResult: result, ms: [20, 80] };
    });
  }

  /** Grep over the project tree: `files_with_matches` (default) or `content` with line numbers. */
  grep(pattern, { dir, glob, mode = 'files_with_matches', ignoreCase } = {}) {
    const p = this.s.project;
    const input = clean({
      pattern,
      path: dir ? p.abs(dir) : undefined,
      glob,
      output_mode: mode === 'files_with_matches' ? undefined : mode,
      '-n': mode === 'content' ? true : undefined,
      '-i': ignoreCase ? true : undefined,
    });
    return this.call('Grep', input, () => {
      const re = new RegExp(pattern, ignoreCase ? 'i' : '');
      const globRe = glob ? globRegex(glob.includes('/') ? glob : `**/${glob}`) : undefined;
      const files = p
        .paths()
        .filter((rel) => (!dir || rel.startsWith(`${dir}/`)) && (!globRe || globRe.test(rel)))
        .filter((rel) => re.test(p.read(rel)));
      if (mode === 'content') {
        const lines = [];
        for (const rel of files) {
          p.read(rel)
            .split('\n')
            .forEach((line, i) => {
              if (re.test(line)) lines.push(`${p.abs(rel)}:${i + 1}:${line}`);
            });
        }
        const content = lines.join('\n');
        return {
          content: lines.length > 0 ? content : 'No matches found',
          toolUseResult: { mode: 'content', numFiles: 0, filenames: [], content, numLines: lines.length },
          ms: [40, 160],
        };
      }
      const filenames = files.map((rel) => p.abs(rel));
      return {
        content:
          filenames.length > 0
            ? `Found ${filenames.length} file${filenames.length === 1 ? '' : 's'}\n${filenames.join('\n')}`
            : 'No files found',
        toolUseResult: { mode: 'files_with_matches', filenames, numFiles: filenames.length },
        ms: [40, 160],
      };
    });
  }

  glob(pattern) {
    const p = this.s.project;
    return this.call('Glob', { pattern }, () => {
      const re = globRegex(pattern);
      const filenames = p
        .paths()
        .filter((rel) => re.test(rel))
        .map((rel) => p.abs(rel));
      return {
        content: filenames.length > 0 ? filenames.join('\n') : 'No files found',
        toolUseResult: {
          filenames,
          durationMs: this.s.random.int(20, 180),
          numFiles: filenames.length,
          truncated: false,
        },
        ms: [30, 200],
      };
    });
  }

  /** `items`: [content, status, activeForm][]. */
  todo(items) {
    const todos = items.map(([content, status, activeForm]) => ({ content, status, activeForm }));
    return this.call('TodoWrite', { todos }, (conv) => {
      const oldTodos = conv.todos;
      conv.todos = todos;
      return { content: TODO_OK, toolUseResult: { oldTodos, newTodos: todos }, ms: [5, 30] };
    });
  }

  webSearch(query, links, commentary) {
    return this.call('WebSearch', { query }, () => ({
      content: `Web search results for query: "${query}"\n\nLinks: ${JSON.stringify(links)}\n\n${commentary}`,
      toolUseResult: {
        query,
        results: [{ tool_use_id: this.s.random.serverToolId(), content: links }, commentary],
        durationSeconds: this.s.random.int(6000, 14000) / 1000,
      },
      ms: [6000, 14000],
    }));
  }

  webFetch(url, prompt, result) {
    return this.call('WebFetch', { url, prompt }, () => ({
      content: result,
      toolUseResult: {
        bytes: this.s.random.int(18000, 90000),
        code: 200,
        codeText: 'OK',
        result,
        durationMs: this.s.random.int(2500, 9000),
        url,
      },
      ms: [3000, 9000],
    }));
  }

  /** The Skill tool; the skill's instructions follow as a meta user record naming the call. */
  skill(name, args, body, allowedTools) {
    const call = this.call('Skill', clean({ skill: name, args }), (conv) => ({
      content: `Launching skill: ${name}`,
      toolUseResult: clean({ success: true, commandName: name, allowedTools }),
      ms: [20, 80],
      after: () =>
        conv.user(
          {
            role: 'user',
            content: [
              {
                type: 'text',
                text: `Base directory for this skill: /home/demo/.claude/skills/${name}\n\n${body}`,
              },
            ],
          },
          { flags: { isMeta: true }, after: { sourceToolUseID: call.id } },
        ),
    }));
    return call;
  }

  /** A final answer (no tool calls); returns its text, for subagent reports. */
  finish(text, thinking) {
    this.step({ text, thinking });
    return text;
  }

  mcp(name, input, text) {
    return this.call(name, input, () => ({
      content: [{ type: 'text', text }],
      toolUseResult: [{ type: 'text', text }],
      ms: [900, 2600],
    }));
  }
}
