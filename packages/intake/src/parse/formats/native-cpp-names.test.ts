/**
 * C++ function names of lldb and gdb frames (fresh-user trial 37: an lldb lambda frame was named
 * `const`, a frame line past the line limit `st` or `std::`). The frames are written for these
 * tests in the shapes lldb 17 and gdb 13 print for clang and GCC builds.
 */
import { describe, expect, it } from 'vitest';
import { frameRows } from './native-frames.test-helper.js';
import { functionName } from './native-function-name.js';

describe('C++ names of lldb and gdb frames', () => {
  it('names lldb frames whole: lambdas, templates, const methods, anonymous namespaces', () => {
    const text = [
      '(lldb) bt',
      "* thread #1, queue = 'com.apple.main-thread', stop reason = EXC_BAD_ACCESS (code=1, address=0x8)",
      '  * frame #0: 0x0000000100003a10 app`(anonymous namespace)::Parser::parse(this=0x0000600000c04000, text="a(b") at parser.cpp:42:3',
      '    frame #1: 0x0000000100003b2c app`std::__1::vector<int, std::__1::allocator<int> >::push_back[abi:v160006](this=0x00007ff7bfeff3b0, __x=0x00007ff7bfeff3ac) at vector:1558:9',
      '    frame #2: 0x0000000100003f2c app`app::run()::$_0::operator()(int) const(this=0x00007ff7bfeff3a8, n=2) at main.cpp:14:5',
      '    frame #3: 0x0000000100003f80 app`decltype(std::declval<app::run()::$_0&>()(std::declval<int>())) std::__1::__invoke[abi:v160006]<app::run()::$_0&, int>(__f=0x00007ff7bfeff3a8, __args=0x00007ff7bfeff39c) at invoke.h:394:23',
      '    frame #4: 0x0000000100003fa0 app`app::Table::at(this=0x00007ff7bfeff390, row=3) const at table.cpp:9:12',
      '    frame #5: 0x0000000100003fc0 app`app::operator<<(os=0x00007ff85a4e0b58, t=0x00007ff7bfeff390) at table.cpp:30:6',
      '    frame #6: 0x0000000100003fe0 app`main(argc=1, argv=0x00007ff7bfeff4d8) at main.cpp:30:3',
      '    frame #7: 0x00007ff81a2b241f dyld`start + 1903',
    ].join('\n');
    expect(frameRows(text)).toEqual([
      ['(anonymous namespace)::Parser::parse', 'parser.cpp', 42],
      ['std::__1::vector<int, std::__1::allocator<int> >::push_back[abi:v160006]', 'vector', 1558],
      ['app::run()::$_0::operator()', 'main.cpp', 14],
      ['std::__1::__invoke[abi:v160006]<app::run()::$_0&, int>', 'invoke.h', 394],
      ['app::Table::at', 'table.cpp', 9],
      ['app::operator<<', 'table.cpp', 30],
      ['main', 'main.cpp', 30],
      ['start', 'dyld', undefined],
    ]);
  });

  it('names gdb frames whole: lambdas, templates with function types, return types', () => {
    const text = [
      'Program received signal SIGSEGV, Segmentation fault.',
      '(gdb) bt',
      '#0  0x000055555555613d in app::run()::{lambda(int)#1}::operator()(int) const (this=0x7fffffffe0c7, n=2) at main.cpp:14',
      '#1  0x00005555555561d2 in std::__invoke_impl<void, app::run()::{lambda(int)#1}&, int>(std::__invoke_other, app::run()::{lambda(int)#1}&, int&&) (__f=...) at /usr/include/c++/13/bits/invoke.h:61',
      '#2  0x0000555555556201 in std::function<void (int)>::operator()(int) const (this=0x7fffffffe0d0, __args#0=2) at /usr/include/c++/13/bits/std_function.h:591',
      '#3  0x0000555555556250 in (anonymous namespace)::walk<std::map<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, int, std::less<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, std::allocator<std::pair<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const, int> > > > (m=...) at walk.cpp:20',
      '#4  0x0000555555556300 in void app::Table::visit<app::Printer&>(app::Printer&) const (this=0x7fffffffe100, v=...) at table.cpp:51',
      '#5  0x00007ffff7e4c2a0 in operator new(unsigned long) () from /lib/x86_64-linux-gnu/libstdc++.so.6',
      '#6  0x0000555555556400 in main () at main.cpp:30',
    ].join('\n');
    expect(frameRows(text)).toEqual([
      ['app::run()::{lambda(int)#1}::operator()', 'main.cpp', 14],
      [
        'std::__invoke_impl<void, app::run()::{lambda(int)#1}&, int>',
        '/usr/include/c++/13/bits/invoke.h',
        61,
      ],
      ['std::function<void (int)>::operator()', '/usr/include/c++/13/bits/std_function.h', 591],
      [
        '(anonymous namespace)::walk<std::map<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, int, std::less<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, std::allocator<std::pair<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const, int> > > >',
        'walk.cpp',
        20,
      ],
      ['app::Table::visit<app::Printer&>', 'table.cpp', 51],
      ['operator new', '/lib/x86_64-linux-gnu/libstdc++.so.6', undefined],
      ['main', 'main.cpp', 30],
    ]);
  });

  it('names a frame line past the line limit by its whole name, its cut template arguments as <…>', () => {
    const argument =
      'std::__1::basic_string<char, std::__1::char_traits<char>, std::__1::allocator<char> >';
    const long = `std::__1::map<${`${argument}, `.repeat(120)}int>`;
    const lldb = [
      '* thread #1, stop reason = EXC_BAD_ACCESS (code=1, address=0x0)',
      `  * frame #0: 0x0000000100003f2c app\`${long}::at(this=0x1, k="a") at map.h:12:3`,
      '    frame #1: 0x0000000100003f80 app`main at main.cpp:3:5',
    ].join('\n');
    const gdb = [
      'Program received signal SIGSEGV, Segmentation fault.',
      `#0  0x000055555555513d in ${long}::at (this=0x1, k=...) at map.h:12`,
      '#1  0x0000555555555200 in main () at main.cpp:3',
    ].join('\n');
    // Lines are read up to 2,000 characters: the name is cut inside its template's arguments.
    expect(lldb.split('\n')[1]?.length).toBeGreaterThan(10_000);
    // The cut took the location too: lldb's frame keeps its image.
    expect(frameRows(lldb)).toEqual([
      ['std::__1::map<…>', 'app', undefined],
      ['main', 'main.cpp', 3],
    ]);
    expect(frameRows(gdb)).toEqual([
      ['std::__1::map<…>', undefined, undefined],
      ['main', 'main.cpp', 3],
    ]);
  });

  it('reads a 10,000-character name in one pass, whole or cut, never a fragment', () => {
    const nested = `${'ns::Box<'.repeat(1_250)}int${'>'.repeat(1_250)}`;
    expect(functionName(`${nested}::get(int) const (this=0x1)`)).toBe(`${nested}::get`);
    expect(functionName(`void ${nested.slice(0, 9_000)}`)).toBe('ns::Box<…>');
    expect(functionName(`f ${'(('.repeat(5_000)}`)).toBe('f');
    expect(functionName(`${'a <'.repeat(3_400)}`)).toBe('a<…>');
  });
});
