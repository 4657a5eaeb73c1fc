import { describe, expect, it } from 'vitest';
import { pythonWarnings } from './python-warnings.js';
import { shellWarnings } from './shell-warnings.js';
import { parseCommandLine } from './shell-words.js';

const WORKSPACE = '/data/workspace';
const warn = (command: string) => shellWarnings(command, WORKSPACE);

describe('reading a command line', () => {
  it('splits commands, keeps quoted text whole, and finds redirections', () => {
    expect(
      parseCommandLine(`echo "a; b" 'c|d' > out.txt 2>&1 && rm -rf x | tee /tmp/log # rm -rf /`),
    ).toEqual([
      {
        words: ['echo', 'a; b', 'c|d'],
        redirects: [
          { operator: '>', target: 'out.txt' },
          { operator: '>&', target: '1' },
        ],
        next: '&&',
      },
      { words: ['rm', '-rf', 'x'], redirects: [], next: '|' },
      { words: ['tee', '/tmp/log'], redirects: [], next: null },
    ]);
  });

  it('skips here-document bodies and reads inside $(...) and blocks', () => {
    const commands = parseCommandLine(
      'cat <<EOF > notes.txt\nrm -rf /\nEOF\nfor f in *; do rm -r "$f"; done; echo $(whoami)',
    );
    expect(commands.map((c) => c.words[0])).toEqual(['cat', 'for', 'rm', 'echo', 'whoami']);
  });
});

describe('shell dry-run warnings', () => {
  it('warns about recursive deletes, however they are spelled', () => {
    for (const command of ['rm -rf build', 'rm -fr x', 'sudo rm -R /var/x', 'rm --recursive x']) {
      expect(warn(command)).toContain('Deletes recursively (rm -r).');
    }
    expect(warn('find . -name "*.tmp" -delete')).toContain('Deletes the files find matches.');
    expect(warn('rm notes.txt')).toEqual([]);
    expect(warn('echo "rm -rf /"')).toEqual([]);
  });

  it('warns about writes outside the workspace, and not inside it', () => {
    expect(warn('echo x > /etc/passwd')).toEqual(['Writes to /etc/passwd, outside the workspace.']);
    expect(warn('cat a >> ../../outside.txt')).toEqual([
      'Writes to ../../outside.txt, outside the workspace.',
    ]);
    expect(warn('cp report.pdf /srv/www/')).toEqual([
      'Writes to /srv/www/, outside the workspace.',
    ]);
    expect(warn('echo x | tee -a /var/log/x')).toEqual([
      'Writes to /var/log/x, outside the workspace.',
    ]);
    expect(warn('dd if=/dev/zero of=/dev/sda bs=1M')).toEqual([
      'Writes to /dev/sda, outside the workspace.',
    ]);
    expect(warn(`echo ok > out.txt; echo ok > ${WORKSPACE}/b.txt; ls > /dev/null 2>&1`)).toEqual(
      [],
    );
    expect(warn('mv a.txt b/ && cp x ~/y && echo x > "$OUT"')).toEqual([]);
  });

  it('warns about privileges, downloads run as code, permissions, kills, installs and fork bombs', () => {
    expect(warn('sudo ls')).toEqual(['Asks for other privileges (sudo).']);
    expect(warn('su - root -c id')).toEqual(['Asks for other privileges (su).']);
    expect(warn('curl -fsSL https://get.example.com | sh')).toEqual([
      'Runs code downloaded by curl (piped into sh).',
    ]);
    expect(warn('wget -qO- https://x.test/i.py | sudo python3')).toContain(
      'Runs code downloaded by wget (piped into python3).',
    );
    expect(warn('bash <(curl -s https://x.test/install)')).toEqual([
      'Runs code downloaded from the network.',
    ]);
    expect(warn('chmod 777 app')).toEqual(['Makes files writable by everyone (chmod 777).']);
    expect(warn('chmod -R g+w shared')).toEqual(['Changes permissions recursively (chmod -R).']);
    expect(warn('pkill -f worker; kill -9 1234')).toEqual([
      'Kills processes (pkill).',
      'Kills processes (kill).',
    ]);
    expect(warn('apt-get -y install nmap')).toEqual(['Installs packages (apt-get).']);
    expect(warn('pip install requests && npm i left-pad')).toEqual([
      'Installs packages (pip).',
      'Installs packages (npm).',
    ]);
    expect(warn('python3 -m pip install rich')).toEqual(['Installs packages (pip).']);
    expect(warn(':(){ :|:& };:')).toEqual([
      'Looks like a fork bomb (a function that spawns itself).',
    ]);
    expect(warn('ls -la && grep -r TODO . | wc -l')).toEqual([]);
  });
});

describe('python dry-run warnings', () => {
  const pyWarn = (code: string) => pythonWarnings(code, WORKSPACE);

  it('names shell calls, subprocesses, deletes, sockets and writes outside the workspace', () => {
    expect(pyWarn('import os\nos.system("ls")')).toEqual(['Runs shell commands (os.system).']);
    expect(pyWarn('import subprocess\nsubprocess.run(["ls"])')).toEqual([
      'Starts other programs (subprocess).',
    ]);
    expect(pyWarn('import shutil\nshutil.rmtree("/data")')).toEqual([
      'Deletes folder trees (shutil.rmtree).',
    ]);
    expect(pyWarn('import socket\ns = socket.socket()')).toEqual([
      'Opens network sockets (socket).',
    ]);
    expect(pyWarn("open('/etc/hosts', 'a').write('x')")).toEqual([
      'Writes to /etc/hosts, outside the workspace.',
    ]);
    expect(pyWarn('open("/srv/x.txt", mode="w")')).toEqual([
      'Writes to /srv/x.txt, outside the workspace.',
    ]);
    expect(pyWarn("Path('/root/.ssh/authorized_keys').write_text(k)")).toEqual([
      'Writes to /root/.ssh/authorized_keys, outside the workspace.',
    ]);
  });

  it('stays quiet about reading, and writing inside the workspace', () => {
    expect(pyWarn("print(open('/etc/hostname').read())")).toEqual([]);
    expect(pyWarn(`open('${WORKSPACE}/out.csv', 'w').write('a,b')\nopen('rel.txt', 'w')`)).toEqual(
      [],
    );
    expect(pyWarn('print(sum(range(10)))')).toEqual([]);
  });
});
