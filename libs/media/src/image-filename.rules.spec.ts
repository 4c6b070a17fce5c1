import fc from 'fast-check';
import { IMAGE_EXTENSIONS, filenameProblem } from './image-filename.rules.js';

describe('filenameProblem', () => {
  it.each(['shirt.png', 'Shirt-front_2.JPG', 'été.jpeg', '1.gif', 'a-b.png', 'a_-b.jpg'])('accepts %s', (name) => {
    expect(filenameProblem(name)).toBeNull();
  });

  it.each([
    ['', "can't be blank"],
    ['my shirt.png', 'spaces'],
    ['!shirt.png', 'symbol'],
    ['.png', 'symbol'],
    ['a..png', 'period'],
    ['shirt.front.png', 'period'],
    ['a---b.png', 'run of symbols'],
    ['shirt', 'must end in'],
    ['shirt.txt', 'must end in'],
    ['shirt.png.exe', 'must end in'],
    ['a/b.png', 'character'],
    ['a\u0000.png', 'character'],
    [`${'a'.repeat(252)}.png`, 'too long'],
  ])('refuses %j (%s)', (name, why) => {
    expect(filenameProblem(name)).toContain(why);
  });

  it('accepts every name of letters and digits with an image extension, and refuses any with a space', () => {
    const word = fc.stringMatching(/^[a-zA-Z0-9]{1,40}$/);
    fc.assert(
      fc.property(word, fc.constantFrom(...IMAGE_EXTENSIONS), word, (base, extension, tail) => {
        expect(filenameProblem(`${base}.${extension}`)).toBeNull();
        expect(filenameProblem(`${base} ${tail}.${extension}`)).not.toBeNull();
      }),
    );
  });
});
