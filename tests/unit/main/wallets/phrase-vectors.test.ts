// Recovery phrases against published vectors, so Perpetua derives exactly the wallets every other Solana
// wallet derives from the same words:
// - BIP39: the reference vectors (entropy -> words -> seed with the passphrase "TREZOR"), English list, from
//   trezor/python-mnemonic vectors.json (commit f5a975ab10c035596d65d854d21164266ffed284).
// - SLIP-0010 ed25519: test vectors 1 and 2 of satoshilabs/slips slip-0010.md.
// - Solana paths: Trezor's own device fixtures (trezor/trezor-suite,
//   packages/connect/e2e/__fixtures__/solanaGetAddress.ts, mnemonic "all all ... all") give one address on
//   each of the three paths; the "abandon ... about" addresses are cross-checked against several independent
//   implementations (Trust Wallet Core's default Solana address GjJye..., the Phantom-path HAgk14... in many
//   wallets' tests, kobe-svm's bip44 index 1, and the Ledger Solana app's m/44'/501' sample D2PPQ...).
import { describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { mnemonicToEntropy, entropyToMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { checkPhrase, newPhrase, phraseSeed } from '../../../../src/main/wallets/mnemonic';
import { derivePath, parsePath } from '../../../../src/main/wallets/slip10';
import { publicKeyFromSeed } from '../../../../src/protocol/keys';
import { derivationPath } from '../../../../src/shared/derivation-paths';
import { AppFailure } from '../../../../src/shared/result';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

// [entropy, mnemonic, seed with passphrase "TREZOR"]
const BIP39_VECTORS: [string, string, string][] = [
  [
    '00000000000000000000000000000000',
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    'c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
  ],
  [
    '7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f',
    'legal winner thank year wave sausage worth useful legal winner thank yellow',
    '2e8905819b8723fe2c1d161860e5ee1830318dbf49a83bd451cfb8440c28bd6fa457fe1296106559a3c80937a1c1069be3a3a5bd381ee6260e8d9739fce1f607',
  ],
  [
    '80808080808080808080808080808080',
    'letter advice cage absurd amount doctor acoustic avoid letter advice cage above',
    'd71de856f81a8acc65e6fc851a38d4d7ec216fd0796d0a6827a3ad6ed5511a30fa280f12eb2e47ed2ac03b5c462a0358d18d69fe4f985ec81778c1b370b652a8',
  ],
  [
    'ffffffffffffffffffffffffffffffff',
    'zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong',
    'ac27495480225222079d7be181583751e86f571027b0497b5b5d11218e0a8a13332572917f0f8e5a589620c6f15b11c61dee327651a14c34e18231052e48c069',
  ],
  [
    '000000000000000000000000000000000000000000000000',
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon agent',
    '035895f2f481b1b0f01fcf8c289c794660b289981a78f8106447707fdd9666ca06da5a9a565181599b79f53b844d8a71dd9f439c52a3d7b3e8a79c906ac845fa',
  ],
  [
    '7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f',
    'legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful legal will',
    'f2b94508732bcbacbcc020faefecfc89feafa6649a5491b8c952cede496c214a0c7b3c392d168748f2d4a612bada0753b52a1c7ac53c1e93abd5c6320b9e95dd',
  ],
  [
    '808080808080808080808080808080808080808080808080',
    'letter advice cage absurd amount doctor acoustic avoid letter advice cage absurd amount doctor acoustic avoid letter always',
    '107d7c02a5aa6f38c58083ff74f04c607c2d2c0ecc55501dadd72d025b751bc27fe913ffb796f841c49b1d33b610cf0e91d3aa239027f5e99fe4ce9e5088cd65',
  ],
  [
    'ffffffffffffffffffffffffffffffffffffffffffffffff',
    'zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo when',
    '0cd6e5d827bb62eb8fc1e262254223817fd068a74b5b449cc2f667c3f1f985a76379b43348d952e2265b4cd129090758b3e3c2c49103b5051aac2eaeb890a528',
  ],
  [
    '0000000000000000000000000000000000000000000000000000000000000000',
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon art',
    'bda85446c68413707090a52022edd26a1c9462295029f2e60cd7c4f2bbd3097170af7a4d73245cafa9c3cca8d561a7c3de6f5d4a10be8ed2a5e608d68f92fcc8',
  ],
  [
    '7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f',
    'legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth title',
    'bc09fca1804f7e69da93c2f2028eb238c227f2e9dda30cd63699232578480a4021b146ad717fbb7e451ce9eb835f43620bf5c514db0f8add49f5d121449d3e87',
  ],
  [
    '8080808080808080808080808080808080808080808080808080808080808080',
    'letter advice cage absurd amount doctor acoustic avoid letter advice cage absurd amount doctor acoustic avoid letter advice cage absurd amount doctor acoustic bless',
    'c0c519bd0e91a2ed54357d9d1ebef6f5af218a153624cf4f2da911a0ed8f7a09e2ef61af0aca007096df430022f7a2b6fb91661a9589097069720d015e4e982f',
  ],
  [
    'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
    'zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo vote',
    'dd48c104698c30cfe2b6142103248622fb7bb0ff692eebb00089b32d22484e1613912f0a5b694407be899ffd31ed3992c456cdf60f5d4564b8ba3f05a69890ad',
  ],
  [
    '9e885d952ad362caeb4efe34a8e91bd2',
    'ozone drill grab fiber curtain grace pudding thank cruise elder eight picnic',
    '274ddc525802f7c828d8ef7ddbcdc5304e87ac3535913611fbbfa986d0c9e5476c91689f9c8a54fd55bd38606aa6a8595ad213d4c9c9f9aca3fb217069a41028',
  ],
  [
    '6610b25967cdcca9d59875f5cb50b0ea75433311869e930b',
    'gravity machine north sort system female filter attitude volume fold club stay feature office ecology stable narrow fog',
    '628c3827a8823298ee685db84f55caa34b5cc195a778e52d45f59bcf75aba68e4d7590e101dc414bc1bbd5737666fbbef35d1f1903953b66624f910feef245ac',
  ],
  [
    '68a79eaca2324873eacc50cb9c6eca8cc68ea5d936f98787c60c7ebc74e6ce7c',
    'hamster diagram private dutch cause delay private meat slide toddler razor book happy fancy gospel tennis maple dilemma loan word shrug inflict delay length',
    '64c87cde7e12ecf6704ab95bb1408bef047c22db4cc7491c4271d170a1b213d20b385bc1588d9c7b38f1b39d415665b8a9030c9ec653d75e65f847d8fc1fc440',
  ],
  [
    'c0ba5a8e914111210f2bd131f3d5e08d',
    'scheme spot photo card baby mountain device kick cradle pact join borrow',
    'ea725895aaae8d4c1cf682c1bfd2d358d52ed9f0f0591131b559e2724bb234fca05aa9c02c57407e04ee9dc3b454aa63fbff483a8b11de949624b9f1831a9612',
  ],
  [
    '6d9be1ee6ebd27a258115aad99b7317b9c8d28b6d76431c3',
    'horn tenant knee talent sponsor spell gate clip pulse soap slush warm silver nephew swap uncle crack brave',
    'fd579828af3da1d32544ce4db5c73d53fc8acc4ddb1e3b251a31179cdb71e853c56d2fcb11aed39898ce6c34b10b5382772db8796e52837b54468aeb312cfc3d',
  ],
  [
    '9f6a2878b2520799a44ef18bc7df394e7061a224d2c33cd015b157d746869863',
    'panda eyebrow bullet gorilla call smoke muffin taste mesh discover soft ostrich alcohol speed nation flash devote level hobby quick inner drive ghost inside',
    '72be8e052fc4919d2adf28d5306b5474b0069df35b02303de8c1729c9538dbb6fc2d731d5f832193cd9fb6aeecbc469594a70e3dd50811b5067f3b88b28c3e8d',
  ],
  [
    '23db8160a31d3e0dca3688ed941adbf3',
    'cat swing flag economy stadium alone churn speed unique patch report train',
    'deb5f45449e615feff5640f2e49f933ff51895de3b4381832b3139941c57b59205a42480c52175b6efcffaa58a2503887c1e8b363a707256bdd2b587b46541f5',
  ],
  [
    '8197a4a47f0425faeaa69deebc05ca29c0a5b5cc76ceacc0',
    'light rule cinnamon wrap drastic word pride squirrel upgrade then income fatal apart sustain crack supply proud access',
    '4cbdff1ca2db800fd61cae72a57475fdc6bab03e441fd63f96dabd1f183ef5b782925f00105f318309a7e9c3ea6967c7801e46c8a58082674c860a37b93eda02',
  ],
  [
    '066dca1a2bb7e8a1db2832148ce9933eea0f3ac9548d793112d9a95c9407efad',
    'all hour make first leader extend hole alien behind guard gospel lava path output census museum junior mass reopen famous sing advance salt reform',
    '26e975ec644423f4a4c4f4215ef09b4bd7ef924e85d1d17c4cf3f136c2863cf6df0a475045652c57eb5fb41513ca2a2d67722b77e954b4b3fc11f7590449191d',
  ],
  [
    'f30f8c1da665478f49b001d94c5fc452',
    'vessel ladder alter error federal sibling chat ability sun glass valve picture',
    '2aaa9242daafcee6aa9d7269f17d4efe271e1b9a529178d7dc139cd18747090bf9d60295d0ce74309a78852a9caadf0af48aae1c6253839624076224374bc63f',
  ],
  [
    'c10ec20dc3cd9f652c7fac2f1230f7a3c828389a14392f05',
    'scissors invite lock maple supreme raw rapid void congress muscle digital elegant little brisk hair mango congress clump',
    '7b4a10be9d98e6cba265566db7f136718e1398c71cb581e1b2f464cac1ceedf4f3e274dc270003c670ad8d02c4558b2f8e39edea2775c9e232c7cb798b069e88',
  ],
  [
    'f585c11aec520db57dd353c69554b21a89b20fb0650966fa0a9d6f74fd989d8f',
    'void come effort suffer camp survey warrior heavy shoot primary clutch crush open amazing screen patrol group space point ten exist slush involve unfold',
    '01f5bced59dec48e362f2c45b5de68b9fd6c92c6634f44d6d40aab69056506f0e35524a518034ddc1192e1dacd32c1ed3eaa3c3b131c88ed8e7e54c49a5d0998',
  ],
];

// [chain, chain code, private key]
const SLIP10_VECTOR_1: [string, string, string][] = [
  [
    'm',
    '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb',
    '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
  ],
  [
    "m/0'",
    '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69',
    '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
  ],
  [
    "m/0'/1'",
    'a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14',
    'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
  ],
  [
    "m/0'/1'/2'",
    '2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c',
    '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9',
  ],
  [
    "m/0'/1'/2'/2'",
    '8f6d87f93d750e0efccda017d662a1b31a266e4a6f5993b15f5c1f07f74dd5cc',
    '30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662',
  ],
  [
    "m/0'/1'/2'/2'/1000000000'",
    '68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230',
    '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
  ],
];
const SLIP10_VECTOR_1_PUBLIC: Record<string, string> = {
  m: 'a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed',
  "m/0'/1'/2'/2'/1000000000'": '3c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a',
};
const SLIP10_VECTOR_2: [string, string, string][] = [
  [
    'm',
    'ef70a74db9c3a5af931b5fe73ed8e1a53464133654fd55e7a66f8570b8e33c3b',
    '171cb88b1b3c1db25add599712e36245d75bc65a1a5c9e18d76f9f2b1eab4012',
  ],
  [
    "m/0'",
    '0b78a3226f915c082bf118f83618a618ab6dec793752624cbeb622acb562862d',
    '1559eb2bbec5790b0c65d8693e4d0875b1747f4970ae8b650486ed7470845635',
  ],
  [
    "m/0'/2147483647'",
    '138f0b2551bcafeca6ff2aa88ba8ed0ed8de070841f0c4ef0165df8181eaad7f',
    'ea4f5bfe8694d8bb74b7b59404632fd5968b774ed545e810de9c32a4fb4192f4',
  ],
  [
    "m/0'/2147483647'/1'",
    '73bd9fff1cfbde33a1b846c27085f711c0fe2d66fd32e139d3ebc28e5a4a6b90',
    '3757c7577170179c7868353ada796c839135b3d30554bbb74a4b1e4a5a58505c',
  ],
  [
    "m/0'/2147483647'/1'/2147483646'",
    '0902fe8a29f9140480a00ef244bd183e8a13288e4412d8389d140aac1794825a',
    '5837736c89570de861ebc173b1086da4f505d4adb387c6a1b1342d5e4ac9ec72',
  ],
  [
    "m/0'/2147483647'/1'/2147483646'/2'",
    '5d70af781f3a37b829f0d060924d5e960bdc02e85423494afc0b1a41bbe196d4',
    '551d333177df541ad876a60ea71f00447931c0a9da16f227c11ea080d7391b8d',
  ],
];

const address = (phrase: string, path: string, bip39Passphrase = '') =>
  bs58.encode(publicKeyFromSeed(derivePath(phraseSeed(checkPhrase(phrase), bip39Passphrase), path).key));

const failure = (fn: () => unknown): AppFailure => {
  try {
    fn();
  } catch (e) {
    return e as AppFailure;
  }
  throw new Error('expected a failure');
};

describe('BIP39 reference vectors (trezor/python-mnemonic, passphrase "TREZOR")', () => {
  it.each(BIP39_VECTORS)('%s', (entropy, words, seed) => {
    expect(entropyToMnemonic(Buffer.from(entropy, 'hex'), wordlist)).toBe(words);
    expect(hex(mnemonicToEntropy(words, wordlist))).toBe(entropy);
    expect(checkPhrase(words)).toBe(words);
    expect(hex(phraseSeed(words, 'TREZOR'))).toBe(seed);
  });

  it('a new phrase has 12 or 24 words of the list and a valid checksum', () => {
    for (const count of [12, 24] as const) {
      const phrase = newPhrase(count);
      expect(phrase.split(' ')).toHaveLength(count);
      expect(checkPhrase(phrase)).toBe(phrase);
    }
    expect(newPhrase(24)).not.toBe(newPhrase(24));
  });
});

describe('SLIP-0010 ed25519 test vectors', () => {
  it.each(SLIP10_VECTOR_1)('vector 1, %s', (chain, chainCode, key) => {
    const node = derivePath(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex'), chain);
    expect(hex(node.chainCode)).toBe(chainCode);
    expect(hex(node.key)).toBe(key);
    if (SLIP10_VECTOR_1_PUBLIC[chain])
      expect(hex(publicKeyFromSeed(node.key))).toBe(SLIP10_VECTOR_1_PUBLIC[chain]);
  });

  it.each(SLIP10_VECTOR_2)('vector 2, %s', (chain, chainCode, key) => {
    const seed = Buffer.from(
      'fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542',
      'hex',
    );
    const node = derivePath(seed, chain);
    expect(hex(node.chainCode)).toBe(chainCode);
    expect(hex(node.key)).toBe(key);
  });

  it('refuses what ed25519 cannot derive: a non-hardened step, an index too large, a path not from m', () => {
    expect(() => parsePath("m/44'/501'/0")).toThrow(/hardened/);
    expect(() => parsePath("m/2147483648'")).toThrow(/largest index/);
    expect(() => parsePath("44'/501'")).toThrow(/starts with m/);
    expect(parsePath("m/44h/501H/0'")).toEqual([0x8000002c, 0x800001f5, 0x80000000]);
  });
});

describe('phrase to address on the three Solana paths', () => {
  // trezor/trezor-suite packages/connect/e2e/__fixtures__/solanaGetAddress.ts (mnemonic_all)
  const ALL = 'all all all all all all all all all all all all';
  it('Trezor device fixtures: one address per path', () => {
    expect(address(ALL, derivationPath('bip44-change', 0))).toBe(
      '14CCvQzQzHCVgZM3j9soPnXuJXh1RmCfwLVUcdfbZVBS',
    );
    expect(address(ALL, derivationPath('bip44', 0))).toBe('4UR47Kp4FxGJiJZZGSPAzXqRgMmZ27oVfGhHoLmcHakE');
    expect(address(ALL, derivationPath('root', 0))).toBe('zZqNUDNijfbMXFy2wVCdJSm9MeMfxBMdxBqseSuiSW6');
  });

  const ABANDON =
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
  it('the "abandon ... about" phrase, as other wallets derive it', () => {
    expect(derivationPath('bip44-change', 0)).toBe("m/44'/501'/0'/0'");
    expect(address(ABANDON, "m/44'/501'/0'/0'")).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
    expect(address(ABANDON, "m/44'/501'/1'/0'")).toBe('Hh8QwFUA6MtVu1qAoq12ucvFHNwCcVTV7hpWjeY1Hztb');
    expect(derivationPath('bip44', 1)).toBe("m/44'/501'/1'");
    expect(address(ABANDON, "m/44'/501'/0'")).toBe('GjJyeC1r2RgkuoCWMyPYkCWSGSGLcz266EaAkLA27AhL');
    expect(address(ABANDON, "m/44'/501'/1'")).toBe('ANf3TEKFL6jPWjzkndo4CbnNdUNkBk4KHPggJs2nu8Xi');
    expect(derivationPath('root', 0)).toBe("m/44'/501'");
    expect(address(ABANDON, "m/44'/501'")).toBe('D2PPQSYFe83nDzk96FqGumVU8JA7J8vj2Rhjc2oXzEi5');
    // solana-keygen's default has no path to derive along (its address is checked in phrase-service.test.ts)
    expect(derivationPath('keygen', 0)).toBe('solana-keygen default (no path)');
    expect(() => derivationPath('keygen', 1)).toThrow('The solana-keygen default has one wallet only.');
    expect(() => derivationPath('root', 1)).toThrow('The root path has one wallet only.');
  });

  it('a BIP39 passphrase gives other wallets', () => {
    expect(address(ABANDON, "m/44'/501'/0'/0'", 'TREZOR')).not.toBe(
      'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
    );
  });
});

describe('bad phrases are refused plainly', () => {
  const ABANDON =
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
  it('extra spaces, line breaks, capitals and numbering are normalised', () => {
    const messy = `  1. Abandon\tABANDON\n 3) abandon abandon   abandon abandon abandon abandon abandon abandon abandon About  `;
    expect(checkPhrase(messy)).toBe(ABANDON);
  });

  it('names the word that is not in the list, and suggests the word meant', () => {
    const e = failure(() => checkPhrase(ABANDON.replace(/about$/, 'abuot')));
    expect(e.code).toBe('INVALID_ARGUMENT');
    expect(e.message).toBe(
      'Word 12, “abuot”, is not in the English recovery-phrase word list. Did you mean about?',
    );
    // a word far from any in the list gets no guess
    expect(failure(() => checkPhrase(ABANDON.replace(/about$/, 'xylophone'))).message).toBe(
      'Word 12, “xylophone”, is not in the English recovery-phrase word list.',
    );
    expect(failure(() => checkPhrase(ABANDON.replace(/about$/, 'abot'))).message).toMatch(
      /Did you mean about\?/,
    );
    expect(failure(() => checkPhrase(ABANDON.replace(/^abandon/, 'abandn'))).message).toBe(
      'Word 1, “abandn”, is not in the English recovery-phrase word list. Did you mean abandon?',
    );
  });

  it('a failed checksum says so', () => {
    const e = failure(() => checkPhrase(ABANDON.replace(/about$/, 'abandon')));
    expect(e.code).toBe('INVALID_ARGUMENT');
    expect(e.message).toMatch(/^The checksum of this recovery phrase does not match/);
  });

  it('a wrong word count says how many words there are and how many there should be', () => {
    for (const n of [0, 1, 11, 13, 23, 25]) {
      const e = failure(() => checkPhrase(Array(n).fill('abandon').join(' ')));
      expect(e.message).toBe(`A recovery phrase has 12, 15, 18, 21 or 24 words; this one has ${n}.`);
    }
  });
});
