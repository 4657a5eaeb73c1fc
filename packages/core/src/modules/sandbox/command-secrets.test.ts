import { describe, expect, it } from 'vitest';
import { redactText } from '../../security/redact.js';
import { CappedOutput } from './capped-output.js';
import { commandSecrets, protectCommand, redactCommand } from './command-secrets.js';

describe('passwords on a command line', () => {
  it('finds the forms security/redact cannot know without reading the command', () => {
    expect(commandSecrets('curl -u admin:hunter2 https://x.test/')).toEqual(['hunter2']);
    expect(commandSecrets("curl --user='ops:pa ss' -s x")).toEqual(['pa ss']);
    expect(commandSecrets('curl -uadmin:s3cr3t x')).toEqual(['s3cr3t']);
    expect(commandSecrets('mysql -u root -pT0ps3cret shop')).toEqual(['T0ps3cret']);
    expect(commandSecrets('sshpass -p "lemon tree" ssh host')).toEqual(['lemon tree']);
    expect(commandSecrets('openssl enc -aes256 -pass pass:Kiwi99 -in a')).toEqual(['Kiwi99']);
    expect(commandSecrets('echo Sunflower7 | sudo -S apt update')).toEqual(['Sunflower7']);
    expect(commandSecrets('smbclient //h/s -U alice%W1nter')).toEqual(['W1nter']);
    // -u means something else to other programs.
    expect(commandSecrets('docker run -u 1000:1000 img; sort -u a; ssh -p 2222 h')).toEqual([]);
  });

  it('redacts them, and everything security/redact knows, keeping the rest readable', () => {
    expect(redactCommand('curl -u admin:hunter2 https://x.test/ -o hunter2x.txt')).toBe(
      'curl -u admin:[REDACTED] https://x.test/ -o hunter2x.txt',
    );
    expect(redactCommand('export OPENAI_API_KEY=sk-abcdefghijklmnopqrstuvwx && run')).toBe(
      'export OPENAI_API_KEY=[REDACTED] && run',
    );
    expect(redactCommand('git clone https://bob:tok3n@git.example.com/r.git')).toBe(
      'git clone https://bob:[REDACTED]@git.example.com/r.git',
    );
  });

  it('registers found passwords so every later redaction hides them', () => {
    expect(redactText('the word Marigold-2024 alone')).toContain('Marigold-2024');
    expect(protectCommand('curl -u me:Marigold-2024 x')).toBe('curl -u me:[REDACTED] x');
    expect(redactText('the word Marigold-2024 alone')).toBe('the word [REDACTED] alone');
  });
});

describe('capped output', () => {
  it('keeps the first characters and counts the rest', () => {
    const output = new CappedOutput(10);
    output.append('12345');
    output.append('67890abc');
    output.append('def');
    expect(output.text()).toBe('1234567890\n\n[… 6 more characters cut]');
    expect(output.droppedCharacters).toBe(6);
  });

  it('never ends on half a surrogate pair', () => {
    const output = new CappedOutput(3);
    output.append('ab😀c');
    expect(output.text()).toBe('ab\n\n[… 3 more characters cut]');
  });

  it('adds no marker when nothing was cut', () => {
    const output = new CappedOutput(10);
    output.append('short');
    expect(output.text()).toBe('short');
  });
});
